import type { ChatMessage } from '@trostnetz/contracts/chat';
import { FriendStatus } from '@trostnetz/contracts/friend-status';
import type { Partner } from '@trostnetz/contracts/partners';

/** Befriended partners can write; former friends with messages stay readable (read-only). */
export const canWrite = (p: Partner) => p.friend_status === FriendStatus.befriended && p.nickname !== '';

export const isDeleted = (p: Pick<Partner, 'nickname'>) => !p.nickname;

/** Someone the member has a conversation with: befriended, or a former friend with messages. */
export const isChatPartner = (p: Pick<Partner, 'friend_status' | 'has_messages'>) =>
  p.friend_status === FriendStatus.befriended || p.has_messages;

/**
 * The chat list: befriended partners first, then read-only former friends with messages; within
 * each, the most recent conversation first (by newest cached message id).
 */
export function chatPartners(list: Partner[], messages: Record<string, ChatMessage[]>) {
  const newest = (p: Partner) => messages[String(p.id)]?.at(-1)?.id ?? 0;
  const byRecent = (a: Partner, b: Partner) => newest(b) - newest(a) || a.nickname.localeCompare(b.nickname);
  return {
    befriended: list.filter((p) => p.friend_status === FriendStatus.befriended).sort(byRecent),
    former: list
      .filter((p) => p.friend_status !== FriendStatus.befriended && isChatPartner(p))
      .sort(byRecent),
  };
}
