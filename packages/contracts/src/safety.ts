import { z } from 'zod';
import { idNumber, textField } from './fields.ts';
import { friendStatus } from './friendship.ts';
import { vmsg } from './messages.ts';

export const watchlistEntry = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  about: z.string().nullable(),
  friend_status: friendStatus,
  added_at: z.string(),
});
export const watchlist = z.array(watchlistEntry);
export type WatchlistEntry = z.infer<typeof watchlistEntry>;

/** SPEC.md §3 Blocklist entry: id, userId (+ what the hidden-list screen shows). */
export const blockEntry = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  created_at: z.string(),
});
export const blocklist = z.array(blockEntry);
export type BlockEntry = z.infer<typeof blockEntry>;
export const blockBody = z.object({ userId: idNumber });

export const reportReasons = [
  'harassment',
  'inappropriate',
  'spam',
  'fake_profile',
  'self_harm',
  'other',
] as const;
export const reportBody = z.object({
  type: z.enum(['profile'], { error: vmsg('invalid') }),
  id: idNumber,
  reason: z.enum(reportReasons, { error: vmsg('required') }),
  details: textField().trim().max(2000, vmsg('max', 2000)).optional(),
});
export const reportResponse = z.object({
  id: z.number().int(),
  status: z.enum(['open', 'in_review', 'resolved']),
});

/** Where the "Möchtest du das wirklich so senden?" prompt can appear, and what the writer chose. */
export const SEND_PROMPT_SURFACES = ['chat', 'post', 'comment'] as const;
export const SEND_PROMPT_CHOICES = ['change', 'send'] as const;
export type SendPromptSurface = (typeof SEND_PROMPT_SURFACES)[number];
export type SendPromptChoice = (typeof SEND_PROMPT_CHOICES)[number];
/** One choice after the prompt, counted per day without who or what was written. */
export const sendPromptBody = z.strictObject({
  surface: z.enum(SEND_PROMPT_SURFACES, { error: vmsg('invalid') }),
  choice: z.enum(SEND_PROMPT_CHOICES, { error: vmsg('invalid') }),
});
export type SendPromptBody = z.infer<typeof sendPromptBody>;
