import {
  parseChatChannel,
  parseGroupChannel,
  parseMemberChannel,
  parsePostChannel,
  realtimeEvents,
} from '@trostnetz/contracts/realtime';
import type { ClientEvent } from '@trostnetz/realtime/server';
import type { AppContext } from '../../app-context.ts';
import type { Member } from '../../db/schema/users.ts';
import { mayJoinConversation } from '../../policies/conversations.ts';
import { mayJoinGroupChannel, mayJoinPostChannel } from '../../policies/groups.ts';

/**
 * A kind of private channel /pusher/auth may sign: `match` reads a channel name (null when the name is
 * not of this kind), `authorize` asks a policy whether the member may subscribe.
 */
export interface ChannelKind<M> {
  kind: string;
  match(name: string): M | null;
  authorize(ctx: AppContext, member: Member, match: M): boolean | Promise<boolean>;
}

const channelKind = <M>(row: ChannelKind<M>) => row;

/**
 * Every kind of private channel (DESIGN.md §6). A new kind (a group's channel, a post's comments) is
 * one row here with its name in contracts' realtime.ts and its rule in policies/.
 */
export const channelKinds = [
  /** `private-user_{id}_{kind}`: a member's own channels, for nobody else. */
  channelKind({
    kind: 'member',
    match: parseMemberChannel,
    authorize: (_ctx, member, channel) => channel.userId === member.id,
  }),
  /**
   * `private-chat_{id}`: a conversation's typing signal, for both partners while they may write to each
   * other, unless the member switched the typing signal off (issue 13): then they neither send nor get it.
   */
  channelKind({
    kind: 'conversation',
    match: parseChatChannel,
    authorize: (ctx, member, chatId) => member.chatTyping && mayJoinConversation(ctx.db, member.id, chatId),
  }),
  /**
   * `private-user_{id}_group_{groupId}`: a group's news for one of its members, only its owner and only
   * while a member (the server publishes to each member's own, leaving out who is hidden either way).
   */
  channelKind({
    kind: 'group',
    match: parseGroupChannel,
    authorize: (ctx, member, { userId, groupId }) =>
      userId === member.id && mayJoinGroupChannel(ctx.db, member.id, groupId),
  }),
  /** `private-user_{id}_post_{postId}`: a post's comments for its owner, a member who may read the post. */
  channelKind({
    kind: 'post',
    match: parsePostChannel,
    authorize: (ctx, member, { userId, postId }) =>
      userId === member.id && mayJoinPostChannel(ctx.db, member.id, postId),
  }),
];

/** Whether `member` may subscribe to the channel; false for a name of no known kind. */
export async function mayJoinChannel(ctx: AppContext, member: Member, name: string): Promise<boolean> {
  for (const row of channelKinds as ChannelKind<unknown>[]) {
    const match = row.match(name);
    if (match !== null) return row.authorize(ctx, member, match);
  }
  return false;
}

/**
 * The signed channel_data of a subscription that may send client events: the subscriber's own user id, so
 * the server can tell who sends (only a conversation's typing signal is a client event).
 */
export const clientEventSender = (name: string, member: Member): string | undefined =>
  parseChatChannel(name) === null ? undefined : JSON.stringify({ user_id: String(member.id) });

/**
 * The only client event the app uses: `client-typing` on a conversation's channel, whose payload is
 * exactly `{ user_id }` naming the sender. Anything else, on any channel, is refused (a group's or post's
 * channel carries none: its members include people who hid each other).
 */
export function allowClientEvent({ channel, event, data, userId }: ClientEvent): boolean {
  if (event !== 'client-typing' || parseChatChannel(channel) === null) return false;
  const typing = realtimeEvents.chat['client-typing'].strict().safeParse(data);
  return typing.success && userId !== null && String(typing.data.user_id) === userId;
}
