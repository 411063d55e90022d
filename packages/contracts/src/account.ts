import { z } from 'zod';
import { textField } from './fields.ts';
import { vmsg } from './messages.ts';

/** Days between asking to delete the account and its erasure; until then the member can undo it. */
export const DELETION_GRACE_DAYS = 30;

/** POST /api/user/delete: the account's password confirms the request. */
export const deleteAccountBody = z.object({
  password: textField(vmsg('required')).min(1, vmsg('required')).max(1024, vmsg('max', 1024)),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;

/** When the account will be erased unless the member revokes the request. */
export const deletionScheduled = z.object({ erase_after: z.string() });
export type DeletionScheduled = z.infer<typeof deletionScheduled>;

/** POST /api/user/revoke-delete: the token of the link in the deletion mail. */
export const revokeDeletionBody = z.object({
  token: textField(vmsg('required')).min(16, vmsg('invalid')).max(200, vmsg('invalid')),
});
export type RevokeDeletionBody = z.input<typeof revokeDeletionBody>;
