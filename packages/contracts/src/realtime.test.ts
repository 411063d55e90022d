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

  it('issue 12: group and post channels parse back, carry ids only, and are no member channels', () => {
    expect(parseGroupChannel(groupChannel(12))).toBe(12);
    expect(parsePostChannel(postChannel(7))).toBe(7);
    expect(parseGroupChannel('private-group_07')).toBeNull();
    expect(parsePostChannel('private-post_')).toBeNull();
    expect(parseGroupChannel(postChannel(7))).toBeNull();
    expect(memberChannelKinds).not.toContain('group');
    expect(eventSchema('group', 'PostCreated')?.safeParse({ post_id: 1, group_id: 2 }).success).toBe(true);
    expect(eventSchema('post', 'CommentCreated')?.safeParse({ comment_id: 1, post_id: 2 }).success).toBe(
      false,
    );
  });
});
