import { z } from 'zod';
import { vmsg } from './messages.ts';

/**
 * Muting a conversation: no push, no mail, no unread count in the navigation or the title for
 * it; the conversation list still shows its unread messages. Only the member who muted knows: nothing
 * the partner gets changes.
 */
export const chatMuteBody = z.strictObject({ muted: z.boolean({ error: vmsg('invalid') }) });
export type ChatMuteBody = z.infer<typeof chatMuteBody>;

/** PUT /api/chat/{partner}/mute answers the conversation's state as stored. */
export const chatMuteResponse = z.object({ partner_id: z.number().int(), muted: z.boolean() });
export type ChatMuteResponse = z.infer<typeof chatMuteResponse>;

/** GET /api/chat/muted: the partners whose conversations I muted (ids). */
export const mutedChatsResponse = z.object({ partners: z.array(z.number().int()) });
export type MutedChats = z.infer<typeof mutedChatsResponse>;
