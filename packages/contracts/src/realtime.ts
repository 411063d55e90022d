import { z } from 'zod';
import { chatMessageEvent, messagesReadEvent } from './chat.ts';
import { commentCreatedEvent, commentUpdatedEvent, postCreatedEvent, postUpdatedEvent } from './groups.ts';
import { notificationsChangedEvent } from './notifications.ts';
import { confirmationEvent, contactEvent, statusEvent } from './partners.ts';
import { premiumChangedEvent } from './payments.ts';
import {
  CHANNEL_CLOSED_EVENT,
  type ChannelKind,
  type EventName,
  groupChannel,
  type MemberChannelKind,
  memberChannelKinds,
  postChannel,
  type realtimeEventNames,
  type TopicChannelKind,
} from './realtime-events.ts';

// The names, kinds and channel names live without zod in realtime-events.ts (decision 021); every module
// that needs the schemas too imports all of it from here.
export {
  CHANNEL_CLOSED_EVENT,
  type ChannelKind,
  carriesEvent,
  chatChannel,
  type EventName,
  groupChannel,
  type MemberChannelKind,
  memberChannel,
  memberChannelKinds,
  postChannel,
  realtimeEventNames,
  type SharedChannelKind,
  sharedChannelKinds,
  type TopicChannelKind,
} from './realtime-events.ts';

/**
 * Every live event: channel kind → event name → payload schema (SPEC.md §7 Real-time, DESIGN.md §6).
 * The server publishes only these shapes; the web app's development build and its tests parse with the
 * same schemas, its production build trusts them (decision 021). A new event (or a new kind of channel) is
 * one entry here and its name in realtime-events.ts. Event names are unique across the member channels.
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
  /**
   * A group's news, on each member's own channel (`private-user_{id}_group_{groupId}`): a post was written,
   * edited or deleted. Left out: members who hid its author or whom its author hid.
   */
  group: { PostCreated: postCreatedEvent, PostUpdated: postUpdatedEvent },
  /**
   * A post's comments, on each reader's own channel (`private-user_{id}_post_{postId}`): members of its
   * group who may read the post and the comment (nobody hidden either way among their authors).
   */
  post: { CommentCreated: commentCreatedEvent, CommentUpdated: commentUpdatedEvent },
} as const satisfies { [K in ChannelKind]: { [E in EventName<K>]: z.ZodType } };

type Schemas = typeof realtimeEvents;
/**
 * Compile-time check that the schemas name exactly the kinds and events of `realtimeEventNames`, which the
 * production web app subscribes with (decision 021): `satisfies` above refuses a missing or an extra kind or
 * event of the map, this refuses one that `realtimeEventNames` lacks. Their order is held by the test.
 */
type SchemaEventNames = { [K in keyof Schemas]: keyof Schemas[K] };
type ListedEventNames = { [K in ChannelKind]: (typeof realtimeEventNames)[K][number] };
const sameEventNames: [SchemaEventNames, ListedEventNames] extends [ListedEventNames, SchemaEventNames]
  ? true
  : false = true;
void sameEventNames;
export type EventPayload<K extends ChannelKind, E extends EventName<K>> = z.output<
  Schemas[K][E & keyof Schemas[K]]
>;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;
type MemberSchemas = UnionToIntersection<Schemas[MemberChannelKind]>;
/** Every member-channel event by name, with its payload (what the web app's event bus carries). */
export type MemberEvents = { [E in keyof MemberSchemas]: z.output<MemberSchemas[E] & z.ZodType> };
export type MemberEventName = keyof MemberEvents & string;

/** The schema of one event on one kind of channel; undefined for an event the kind does not carry. */
export function eventSchema(kind: ChannelKind, event: string): z.ZodType | undefined {
  const events: Record<string, z.ZodType> = realtimeEvents[kind];
  return Object.hasOwn(events, event) ? events[event] : undefined;
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

export function parseChatChannel(name: string): number | null {
  const m = /^private-chat_(\d+)$/.exec(name);
  return m ? channelId(m[1]!) : null;
}

/** A topic channel's owner and thing (group or post) id; null for a name of another kind. */
function parseTopicChannel(kind: TopicChannelKind, name: string): { userId: number; id: number } | null {
  const m = /^private-user_(\d+)_(group|post)_(\d+)$/.exec(name);
  if (m?.[2] !== kind) return null;
  const userId = channelId(m[1]!);
  const id = channelId(m[3]!);
  return userId === null || id === null ? null : { userId, id };
}

/** Parses `private-user_{userId}_group_{groupId}`; null for anything else. */
export function parseGroupChannel(name: string): { userId: number; groupId: number } | null {
  const parsed = parseTopicChannel('group', name);
  return parsed && { userId: parsed.userId, groupId: parsed.id };
}

/** Parses `private-user_{userId}_post_{postId}`; null for anything else. */
export function parsePostChannel(name: string): { userId: number; postId: number } | null {
  const parsed = parseTopicChannel('post', name);
  return parsed && { userId: parsed.userId, postId: parsed.id };
}

/** The reader's own channel of a group's or a post's news, which the server publishes to. */
export function topicChannel(kind: TopicChannelKind, id: number, readerId: number): string {
  return kind === 'group' ? groupChannel(readerId, id) : postChannel(readerId, id);
}
