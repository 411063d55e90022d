/**
 * The live events' names per kind of channel, and the channels' names, without zod: the web app's
 * production build subscribes with these and trusts the payloads (decision 021), so a member's first
 * screen loads no schema for them. `realtime.ts` pairs every name here with its payload schema
 * (`realtimeEvents`), checked at compile time and by its test, and exports all of this too.
 */

/**
 * Sent on a conversation channel right before the server ends every subscription to it (a partner
 * hidden or removed, a session ended). Payload `{channel}`. A client unsubscribes and subscribes again:
 * /pusher/auth lets back in only who still may join.
 */
export const CHANNEL_CLOSED_EVENT = 'ChannelClosed';

/**
 * Every kind of channel with its events, in the order of `realtimeEvents` (SPEC.md §7 Real-time,
 * DESIGN.md §6). Event names are unique across the member channels.
 */
export const realtimeEventNames = {
  chat_message: ['ChatMessageNew', 'ChatMessageUpdated', 'ChatMessageDeleted', 'ChatMessagesRead'],
  chat_contacts: ['NewChatContact'],
  friendship_accepted: ['FriendRequestConfirmation'],
  partner_status_changed: ['PartnerStatusChanged'],
  friend_requests_changed: ['FriendRequestChanged', 'NotificationsChanged'],
  premium_changed: ['PremiumChanged'],
  chat: ['client-typing', CHANNEL_CLOSED_EVENT],
  group: ['PostCreated', 'PostUpdated'],
  post: ['CommentCreated', 'CommentUpdated'],
} as const satisfies Record<string, readonly string[]>;

export type ChannelKind = keyof typeof realtimeEventNames;
/** The events a kind of channel carries. */
export type EventName<K extends ChannelKind> = (typeof realtimeEventNames)[K][number];
/**
 * Channels of a thing several members share (a conversation, a group, a post), which a screen joins while
 * it shows it. A group's and a post's news still come on a channel of each member's own (groupChannel).
 */
export const sharedChannelKinds = ['chat', 'group', 'post'] as const;
export type SharedChannelKind = (typeof sharedChannelKinds)[number];
/** Kinds the server publishes to, one channel per reader (the conversation channel carries only client events). */
export type TopicChannelKind = 'group' | 'post';
/** The per-member private channels, `private-user_{id}_{kind}`. */
export type MemberChannelKind = Exclude<ChannelKind, SharedChannelKind>;

export const memberChannelKinds = (Object.keys(realtimeEventNames) as ChannelKind[]).filter(
  (kind): kind is MemberChannelKind => !(sharedChannelKinds as readonly string[]).includes(kind),
);

/** Whether a kind of channel carries this event (false for anything else, `toString` included). */
export function carriesEvent(kind: ChannelKind, event: string): boolean {
  return (realtimeEventNames[kind] as readonly string[]).includes(event);
}

export function memberChannel(userId: number, kind: MemberChannelKind): string {
  return `private-user_${userId}_${kind}`;
}

/**
 * One private channel per conversation (the pair's chat id), for client events such as
 * `client-typing`: both befriended partners may subscribe, nobody else.
 */
export function chatChannel(chatId: number): string {
  return `private-chat_${chatId}`;
}

/**
 * A group's news for one member (`private-user_{userId}_group_{groupId}`): its posts written, edited or
 * deleted. Each member has their own, so the server leaves out who hid the author or whom the author hid
 * (DESIGN.md §5): such an event never reaches them, not even its ids. The member may subscribe while in
 * the group; a member's sessions ending closes it with their other channels (`private-user_{id}_…`).
 */
export function groupChannel(userId: number, groupId: number): string {
  return `private-user_${userId}_group_${groupId}`;
}

/** A post's comments for one member (`private-user_{userId}_post_{postId}`), chosen like groupChannel. */
export function postChannel(userId: number, postId: number): string {
  return `private-user_${userId}_post_${postId}`;
}
