import { z } from 'zod';
import { chatMessageEvent, messagesReadEvent } from './chat.ts';
import { commentCreatedEvent, commentUpdatedEvent, postCreatedEvent, postUpdatedEvent } from './groups.ts';
import { notificationsChangedEvent } from './notifications.ts';
import { confirmationEvent, contactEvent, statusEvent } from './partners.ts';
import { premiumChangedEvent } from './payments.ts';

/**
 * Sent on a conversation channel right before the server ends every subscription to it (a partner
 * hidden or removed, a session ended). Payload `{channel}`. A client unsubscribes and subscribes again:
 * /pusher/auth lets back in only who still may join.
 */
export const CHANNEL_CLOSED_EVENT = 'ChannelClosed';

/**
 * Every live event: channel kind → event name → payload schema (SPEC.md §7 Real-time, DESIGN.md §6).
 * The server publishes only these shapes and the web app parses with the same schemas; a new event
 * (or a new kind of channel) is one entry here. Event names are unique across the member channels.
 * The first event of a member channel is its own (SPEC.md §7); further ones ride along on it.
 */
export const realtimeEvents = {
  chat_message: {
    ChatMessageNew: chatMessageEvent,
    ChatMessageUpdated: chatMessageEvent,
    ChatMessageDeleted: chatMessageEvent,
    ChatMessagesRead: messagesReadEvent,
  },
  chat_contacts: { NewChatContact: contactEvent },
  friendship_accepted: { FriendRequestConfirmation: confirmationEvent },
  partner_status_changed: { PartnerStatusChanged: statusEvent },
  /**
   * The unread notification count (issue 13) rides along on this SPEC channel, whose own event the app
   * ignores, rather than opening one more channel per member for a number.
   */
  friend_requests_changed: {
    FriendRequestChanged: statusEvent,
    NotificationsChanged: notificationsChangedEvent,
  },
  /** Issue 14: `is_premium` / `premium_until` changed (a payment confirmed, a contract ended). */
  premium_changed: { PremiumChanged: premiumChangedEvent },
  /** A conversation's channel (`private-chat_{id}`): client events of the two partners, and its end. */
  chat: {
    'client-typing': z.object({ user_id: z.number().int() }),
    [CHANNEL_CLOSED_EVENT]: z.object({ channel: z.string() }),
  },
  /** A group's channel (`private-group_{id}`), for its members: a post was written, edited or deleted. */
  group: { PostCreated: postCreatedEvent, PostUpdated: postUpdatedEvent },
  /** A post's channel (`private-post_{id}`), for members of its group who may read it: its comments. */
  post: { CommentCreated: commentCreatedEvent, CommentUpdated: commentUpdatedEvent },
} as const satisfies Record<string, Record<string, z.ZodType>>;

type Schemas = typeof realtimeEvents;
export type ChannelKind = keyof Schemas;
/** Channels of a thing several members share (a conversation, a group, a post), not of one member. */
export const sharedChannelKinds = ['chat', 'group', 'post'] as const;
export type SharedChannelKind = (typeof sharedChannelKinds)[number];
/** Shared channels the server publishes to (the conversation channel carries only client events). */
export type TopicChannelKind = 'group' | 'post';
/** The five per-member private channels, `private-user_{id}_{kind}`. */
export type MemberChannelKind = Exclude<ChannelKind, SharedChannelKind>;
export type EventName<K extends ChannelKind> = Extract<keyof Schemas[K], string>;
export type EventPayload<K extends ChannelKind, E extends EventName<K>> = z.output<Schemas[K][E]>;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;
type MemberSchemas = UnionToIntersection<Schemas[MemberChannelKind]>;
/** Every member-channel event by name, with its payload (what the web app's event bus carries). */
export type MemberEvents = { [E in keyof MemberSchemas]: z.output<MemberSchemas[E] & z.ZodType> };
export type MemberEventName = keyof MemberEvents & string;

export const memberChannelKinds = (Object.keys(realtimeEvents) as ChannelKind[]).filter(
  (kind): kind is MemberChannelKind => !(sharedChannelKinds as readonly string[]).includes(kind),
);

/** The schema of one event on one kind of channel; undefined for an event the kind does not carry. */
export function eventSchema(kind: ChannelKind, event: string): z.ZodType | undefined {
  const events: Record<string, z.ZodType> = realtimeEvents[kind];
  return Object.hasOwn(events, event) ? events[event] : undefined;
}

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
  const kind = m?.[2] as MemberChannelKind | undefined;
  if (userId === null || !kind || !memberChannelKinds.includes(kind)) return null;
  return { userId, kind };
}

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

/** One private channel per group (`private-group_{id}`): its members may subscribe. */
export function groupChannel(groupId: number): string {
  return `private-group_${groupId}`;
}

export function parseGroupChannel(name: string): number | null {
  const m = /^private-group_(\d+)$/.exec(name);
  return m ? channelId(m[1]!) : null;
}

/** One private channel per post (`private-post_{id}`): members of its group who may read it. */
export function postChannel(postId: number): string {
  return `private-post_${postId}`;
}

export function parsePostChannel(name: string): number | null {
  const m = /^private-post_(\d+)$/.exec(name);
  return m ? channelId(m[1]!) : null;
}

/** The channel name of a shared kind the server publishes to. */
export function topicChannel(kind: TopicChannelKind, id: number): string {
  return kind === 'group' ? groupChannel(id) : postChannel(id);
}
