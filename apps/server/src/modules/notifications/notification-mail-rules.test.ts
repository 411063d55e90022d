import { NOTIFICATION_KINDS, type NotificationKind } from '@trostnetz/contracts/notifications';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { unsubscribeUrl } from './notification-links.ts';
import { type NoticeLine, noticeLine, noticeMail, urlOf } from './notification-mail.ts';

/**
 * The notice mail (issue 13): it names who and what kind, never what was written; one-click unsubscribe
 * for the kinds a member may switch off (RFC 8058); the way to /notifications; a Message-ID fixed by its
 * notifications. And where each notification leads in the app (the mail's button, the list, a push).
 */
const config = {
  appName: 'Trostnetz',
  appUrl: 'http://localhost:3000',
  appKey: 'test-app-key-mail-0123456789',
} as Config;
const berta = { id: 42, email: 'berta@example.org', nickname: 'Berta', locale: 'de' as const };
const line = (id: number, kind: NotificationKind, name: string, o: Partial<NoticeLine> = {}): NoticeLine => ({
  id,
  kind,
  name,
  actorId: null,
  postId: null,
  groupId: null,
  ...o,
});
const SETTINGS = 'http://localhost:3000/notifications';
const PRIVATE = 'Was geschrieben wurde, liest du nur in Trostnetz, nicht in einer E-Mail.';
const footer = (unsubscribe: string) =>
  `Welche E-Mails du bekommst, stellst du unter ${SETTINGS} ein. Diese Art E-Mail abbestellen: ${unsubscribe}`;
const oneClick = (unsubscribe: string) => ({
  'List-Unsubscribe': `<${unsubscribe}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

describe('notifications: the notice mail', () => {
  it('mail rule: one chat notice says who wrote (never what), its button opens that conversation, it unsubscribes from chat mails only, and its Message-ID is its notification', () => {
    const unsubscribe = unsubscribeUrl(config, 42, ['chat_message']);
    const mail = noticeMail(config, berta, [line(11, 'chat_message', 'Alma', { actorId: 5 })]);
    expect(mail).toEqual({
      to: 'berta@example.org',
      subject: 'Trostnetz: Neue Nachrichten von Alma',
      text: [
        'Hallo Berta,',
        'Du hast neue Nachrichten von Alma.',
        PRIVATE,
        '',
        'Trostnetz öffnen: http://localhost:3000/chat/5',
        '',
        footer(unsubscribe),
      ].join('\n'),
      html: expect.stringContaining('<a href="http://localhost:3000/chat/5"'),
      headers: { ...oneClick(unsubscribe), 'Message-ID': '<notice-11@localhost>' },
    });
  });

  it('mail rule: a chat notice from a partner whose account is gone names "Jemand", in the subject and the text', () => {
    const mail = noticeMail(config, berta, [line(12, 'chat_message', '', { actorId: 5 })]);
    expect(mail.subject).toBe('Trostnetz: Neue Nachrichten von Jemand');
    expect(mail.text.split('\n').slice(0, 2)).toEqual([
      'Hallo Berta,',
      'Du hast neue Nachrichten von Jemand.',
    ]);
  });

  it('mail rule: one notice of another kind (a friend request) is told as a list of one, its button opens the request', () => {
    const unsubscribe = unsubscribeUrl(config, 42, ['friend_request']);
    const mail = noticeMail(config, berta, [line(13, 'friend_request', 'Alma', { actorId: 5 })]);
    expect(mail).toEqual({
      to: 'berta@example.org',
      subject: 'Trostnetz: Alma möchte dein Trostpartner sein',
      text: [
        'Hallo Berta,',
        'seit deinem letzten Besuch ist etwas passiert:',
        '• Alma möchte dein Trostpartner sein',
        PRIVATE,
        '',
        'Trostnetz öffnen: http://localhost:3000/friend-request/5',
        '',
        footer(unsubscribe),
      ].join('\n'),
      html: expect.stringContaining('<a href="http://localhost:3000/friend-request/5"'),
      headers: { ...oneClick(unsubscribe), 'Message-ID': '<notice-13@localhost>' },
    });
  });

  it('mail rule: a digest names each notice in one line, its button opens /notifications, it unsubscribes from each kind a member may switch off (once each, never a fixed kind), and its Message-ID joins every notification', () => {
    const unsubscribe = unsubscribeUrl(config, 42, ['chat_message', 'friend_request']);
    const mail = noticeMail(config, berta, [
      line(21, 'chat_message', 'Alma', { actorId: 5 }),
      line(22, 'chat_message', '', { actorId: 6 }),
      line(23, 'friend_request', 'Carl', { actorId: 7 }),
      line(24, 'report_received', ''),
    ]);
    expect(mail).toEqual({
      to: 'berta@example.org',
      subject: 'Trostnetz: Neues für dich',
      text: [
        'Hallo Berta,',
        'seit deinem letzten Besuch ist etwas passiert:',
        '• Neue Nachrichten von Alma',
        '• Neue Nachrichten von Jemand',
        '• Carl möchte dein Trostpartner sein',
        '• Deine Meldung ist angekommen, wir sehen sie uns an',
        PRIVATE,
        '',
        `Trostnetz öffnen: ${SETTINGS}`,
        '',
        footer(unsubscribe),
      ].join('\n'),
      html: expect.stringContaining(`<a href="${SETTINGS}"`),
      headers: { ...oneClick(unsubscribe), 'Message-ID': '<notice-21-22-23-24@localhost>' },
    });
  });

  it('mail rule: a mail of fixed kinds only (a report received and decided) offers no unsubscribe, says why it always comes, and still shows the way to /notifications', () => {
    const mail = noticeMail(config, { ...berta, locale: 'en' }, [
      line(31, 'report_received', ''),
      line(32, 'report_decided', ''),
    ]);
    expect(mail).toEqual({
      to: 'berta@example.org',
      subject: 'Trostnetz: Something new for you',
      text: [
        'Hello Berta,',
        'something happened since your last visit:',
        '• Your report has arrived, we are looking into it',
        '• We have looked into your report and decided',
        'What was written you read only in Trostnetz, never in an e-mail.',
        '',
        `Open Trostnetz: ${SETTINGS}`,
        '',
        `You always receive these notices because they concern you directly. Choose which other e-mails you receive at ${SETTINGS}.`,
      ].join('\n'),
      html: expect.stringContaining(`<a href="${SETTINGS}"`),
      headers: { 'Message-ID': '<notice-31-32@localhost>' },
    });
  });

  it('mail rule: the one line says who and what kind in the member\'s language, "Jemand" / "Someone" when the account is gone', () => {
    expect(noticeLine('de', 'Trostnetz', 'friend_request', 'Alma')).toBe(
      'Alma möchte dein Trostpartner sein',
    );
    expect(noticeLine('de', 'Trostnetz', 'friend_request', '')).toBe('Jemand möchte dein Trostpartner sein');
    expect(noticeLine('en', 'Trostnetz', 'reply', '')).toBe('Someone replied to you in a group');
    expect(noticeLine('en', 'Trostnetz', 'news', '')).toBe('News from Trostnetz');
  });
});

describe('notifications: where a notification leads in the app', () => {
  const n = (kind: NotificationKind, o: Partial<Parameters<typeof urlOf>[0]> = {}) =>
    urlOf({ kind, actorId: null, postId: null, groupId: null, ...o });

  it('link rule: a decision about the member opens that statement of reasons (notice:{id} or appeal:{id}); any other key the notices page', () => {
    expect(n('moderation', { groupKey: 'notice:12' })).toBe('/notices/12');
    expect(n('moderation', { groupKey: 'appeal:345' })).toBe('/notices/345');
    for (const groupKey of [
      'notice:12x',
      'xnotice:12',
      'notice:',
      'notice:ab',
      'report:12',
      'partner:5',
      '',
    ]) {
      expect(n('moderation', { groupKey }), groupKey).toBe('/notices');
    }
    expect(n('moderation')).toBe('/notices');
  });

  it('link rule: a report received or decided opens the notices page (never who or what was reported)', () => {
    expect(n('report_received', { actorId: 5, groupKey: 'report:3' })).toBe('/notices');
    expect(n('report_decided', { actorId: 5, groupKey: 'report:3' })).toBe('/notices');
  });

  it('link rule: chat and an accepted request open the conversation; a request the request; without the partner, the chat list or the dashboard', () => {
    expect(n('chat_message', { actorId: 5 })).toBe('/chat/5');
    expect(n('friend_accepted', { actorId: 5 })).toBe('/chat/5');
    expect(n('chat_message')).toBe('/chat');
    expect(n('friend_accepted')).toBe('/chat');
    expect(n('friend_request', { actorId: 5 })).toBe('/friend-request/5');
    expect(n('friend_request')).toBe('/dashboard');
  });

  it('link rule: words left at declining, withdrawing or ending open the author’s profile, where they are shown', () => {
    expect(n('friend_words', { actorId: 5 })).toBe('/profile/5');
    expect(n('friend_words')).toBe('/dashboard');
  });

  it('link rule: a reply or a group post opens the post in its group; without both group and post, the groups page', () => {
    for (const kind of ['reply', 'group_post'] as const) {
      expect(n(kind, { groupId: 3, postId: 9 })).toBe('/groups/3/posts/9');
      expect(n(kind, { groupId: 3 })).toBe('/groups');
      expect(n(kind, { postId: 9 })).toBe('/groups');
      expect(n(kind)).toBe('/groups');
    }
  });

  it('link rule: every other kind opens the dashboard', () => {
    const others = NOTIFICATION_KINDS.filter(
      (k) =>
        ![
          'moderation',
          'report_received',
          'report_decided',
          'chat_message',
          'friend_accepted',
          'friend_request',
          'friend_words',
          'reply',
          'group_post',
        ].includes(k),
    );
    expect(others).toEqual(['request_expired', 'security', 'deletion', 'export', 'news']);
    for (const kind of others)
      expect(n(kind, { actorId: 5, groupId: 3, postId: 9 }), kind).toBe('/dashboard');
  });
});
