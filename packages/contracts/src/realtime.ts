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

/** Parses `private-user_{id}_{kind}`; null for anything else. */
export function parseMemberChannel(name: string): { userId: number; kind: MemberChannelKind } | null {
  const m = /^private-user_(\d+)_([a-z_]+)$/.exec(name);
  if (!m || !(m[2]! in memberChannels)) return null;
  return { userId: Number(m[1]), kind: m[2] as MemberChannelKind };
}
