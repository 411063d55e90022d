/** Per-member private channels and their events (SPEC.md §7 Real-time, DESIGN.md §6). */
export const memberChannels = {
  chat_message: 'ChatMessageNew',
  chat_contacts: 'NewChatContact',
  friendship_accepted: 'FriendRequestConfirmation',
  partner_status_changed: 'PartnerStatusChanged',
  friend_requests_changed: 'FriendRequestChanged',
} as const;

export type MemberChannelKind = keyof typeof memberChannels;
export type MemberEventName = (typeof memberChannels)[MemberChannelKind];

export function memberChannel(userId: number, kind: MemberChannelKind): string {
  return `private-user_${userId}_${kind}`;
}

/** A member or conversation id as written in a channel name: a positive integer in JS's safe range. */
const channelId = (digits: string): number | null => {
  const id = Number(digits);
  return /^[1-9][0-9]{0,15}$/.test(digits) && Number.isSafeInteger(id) ? id : null;
};

/** Parses `private-user_{id}_{kind}`; null for anything else. */
export function parseMemberChannel(name: string): { userId: number; kind: MemberChannelKind } | null {
  const m = /^private-user_(\d+)_([a-z_]+)$/.exec(name);
  const userId = m ? channelId(m[1]!) : null;
  if (!m || userId === null || !Object.hasOwn(memberChannels, m[2]!)) return null;
  return { userId, kind: m[2] as MemberChannelKind };
}

/** Further events on a member channel besides its own (bind them too). */
export const memberChannelExtraEvents: Partial<Record<MemberChannelKind, readonly string[]>> = {
  chat_message: ['ChatMessagesRead'],
};

/**
 * One private channel per conversation (the pair's chat id), for client events such as
 * `client-typing`: both befriended partners may subscribe, nobody else.
 */
export function chatChannel(chatId: number): string {
  return `private-chat_${chatId}`;
}

export function parseChatChannel(name: string): number | null {
  const m = /^private-chat_(\d+)$/.exec(name);
  return m ? channelId(m[1]!) : null;
}

/**
 * Sent on a conversation channel right before the server ends every subscription to it (a partner
 * hidden or removed, a session ended). Payload `{channel}`. A client unsubscribes and subscribes again:
 * /pusher/auth lets back in only who still may join.
 */
export const CHANNEL_CLOSED_EVENT = 'ChannelClosed';
