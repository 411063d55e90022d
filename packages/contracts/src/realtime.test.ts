import { describe, expect, it } from 'vitest';
import {
  carriesEvent,
  chatChannel,
  eventSchema,
  groupChannel,
  memberChannel,
  memberChannelKinds,
  parseChatChannel,
  parseGroupChannel,
  parseMemberChannel,
  parsePostChannel,
  postChannel,
  realtimeEventNames,
  realtimeEvents,
  topicChannel,
} from './realtime.ts';

describe('issue 10 typed live events: one map of channel kinds, events and payloads', () => {
  it('the five member channels of SPEC.md §7, premium_changed (issue 14) and the conversation channel', () => {
    expect(memberChannelKinds).toEqual([
      'chat_message',
      'chat_contacts',
      'friendship_accepted',
      'partner_status_changed',
      'friend_requests_changed',
      'premium_changed',
    ]);
    expect(Object.keys(realtimeEvents.chat)).toEqual(['client-typing', 'ChannelClosed']);
  });

  it('event names are unique across the member channels (the web app’s bus is keyed by them)', () => {
    const names = memberChannelKinds.flatMap((kind) => Object.keys(realtimeEvents[kind]));
    expect(new Set(names).size).toBe(names.length);
  });

  it('decision 021: the zod-free names per kind (what the production web app subscribes with) are the schemas’ keys, in order', () => {
    expect(Object.keys(realtimeEventNames)).toEqual(Object.keys(realtimeEvents));
    for (const kind of Object.keys(realtimeEvents) as Array<keyof typeof realtimeEvents>) {
      expect([...realtimeEventNames[kind]], kind).toEqual(Object.keys(realtimeEvents[kind]));
      for (const event of realtimeEventNames[kind]) expect(eventSchema(kind, event), event).toBeDefined();
    }
    expect(carriesEvent('chat_message', 'ChatMessagesRead')).toBe(true);
    expect(carriesEvent('chat_contacts', 'ChatMessagesRead')).toBe(false);
    expect(carriesEvent('chat', 'toString')).toBe(false);
  });

  it('a schema only for an event the kind carries', () => {
    expect(eventSchema('chat_message', 'ChatMessagesRead')).toBeDefined();
    expect(eventSchema('chat_contacts', 'ChatMessagesRead')).toBeUndefined();
    expect(eventSchema('chat', 'toString')).toBeUndefined();
    expect(eventSchema('chat', 'client-typing')?.safeParse({ user_id: 'x' }).success).toBe(false);
  });

  it('channel names parse back; anything else is null', () => {
    expect(parseMemberChannel(memberChannel(42, 'chat_contacts'))).toEqual({
      userId: 42,
      kind: 'chat_contacts',
    });
    expect(parseMemberChannel('private-user_42_secrets')).toBeNull();
    expect(parseMemberChannel('private-user_042_chat_message')).toBeNull();
    expect(parseMemberChannel('private-user_99999999999999999_chat_message')).toBeNull();
    expect(parseChatChannel(chatChannel(5))).toBe(5);
    expect(parseChatChannel('private-chat_0')).toBeNull();
  });

  it('groups rule: a group’s and a post’s news come on each reader’s own channel, parse back, and are no member channels', () => {
    expect(groupChannel(5, 12)).toBe('private-user_5_group_12');
    expect(postChannel(5, 7)).toBe('private-user_5_post_7');
    expect(parseGroupChannel(groupChannel(5, 12))).toEqual({ userId: 5, groupId: 12 });
    expect(parsePostChannel(postChannel(5, 7))).toEqual({ userId: 5, postId: 7 });
    expect(topicChannel('group', 12, 5)).toBe(groupChannel(5, 12));
    expect(topicChannel('post', 7, 5)).toBe(postChannel(5, 7));
    expect(parseGroupChannel('private-user_5_group_07')).toBeNull();
    expect(parseGroupChannel('private-user_05_group_7')).toBeNull();
    expect(parseGroupChannel('private-user_0_group_7')).toBeNull();
    expect(parsePostChannel('private-user_5_post_')).toBeNull();
    expect(parsePostChannel('private-user_5_post_7x')).toBeNull();
    expect(parseGroupChannel(postChannel(5, 7))).toBeNull();
    expect(parsePostChannel(groupChannel(5, 7))).toBeNull();
    expect(parseGroupChannel('private-group_12')).toBeNull();
    expect(parseMemberChannel(groupChannel(5, 12))).toBeNull();
    expect(memberChannelKinds).not.toContain('group');
    expect(eventSchema('group', 'PostCreated')?.safeParse({ post_id: 1, group_id: 2 }).success).toBe(true);
    expect(eventSchema('post', 'CommentCreated')?.safeParse({ comment_id: 1, post_id: 2 }).success).toBe(
      false,
    );
  });
});
