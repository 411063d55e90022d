import type { ChatMessage } from '@trostnetz/contracts/chat';
import type { MessageRow } from '../../db/schema/chat.ts';

/**
 * A message as one member sees it. `hideRead`: the viewer is its sender and read receipts are not
 * shared between the pair (policies/conversations.ts `shareReadReceipts`), so the partner's read stays
 * unseen. A deleted message carries no text. A message removed by moderation (issue 16) carries its
 * text only for its sender (`viewer`), with the decision that removed it; the recipient sees "removed".
 */
export const presentMessage = (
  m: MessageRow,
  opts: { hideRead?: boolean; viewer?: number } = {},
): ChatMessage => ({
  id: m.id,
  chat_id: m.chatId,
  user_id: m.senderId,
  recipient_id: m.recipientId,
  message: m.deletedAt || (m.removedAt && opts.viewer !== m.senderId) ? '' : m.body,
  client_id: m.clientId,
  send_at: m.sendAt.toISOString(),
  read_at: opts.hideRead ? null : (m.readAt?.toISOString() ?? null),
  edited_at: m.editedAt?.toISOString() ?? null,
  deleted_at: m.deletedAt?.toISOString() ?? null,
  removed_at: m.removedAt?.toISOString() ?? null,
  notice_id: m.removedAt && opts.viewer === m.senderId ? m.removedDecisionId : null,
});

/** The same message for its sender and its recipient (live events go to both). */
export const presentForBoth = (m: MessageRow, receiptsShared: boolean) => ({
  sender: presentMessage(m, { hideRead: !receiptsShared, viewer: m.senderId }),
  recipient: presentMessage(m, { viewer: m.recipientId }),
});
