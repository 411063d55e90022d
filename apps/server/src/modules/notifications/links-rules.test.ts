import { createHmac } from 'node:crypto';
import type { NotificationKind } from '@trostnetz/contracts/notifications';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import {
  checkNewsConfirm,
  checkNoticeLink,
  checkUnsubscribe,
  newsConfirmUrl,
  noticeLinkUrl,
  unsubscribeUrl,
} from './notification-links.ts';

/**
 * The links in mails that work without signing in (issue 13, issue 16): each is an HMAC with the app key
 * over a purpose and the link's fields. The expected signatures are made here from that description.
 */
const config = { appUrl: 'http://localhost:3000', appKey: 'test-app-key-links-0123456789' } as Config;
const hmac = (data: string) => createHmac('sha256', config.appKey).update(data).digest('base64url');
const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('notifications: the one-click unsubscribe link (RFC 8058)', () => {
  it('unsubscribe link rule: it names the member and every kind of the mail, comma-separated, signed over both; it opens for exactly those kinds', () => {
    const url = unsubscribeUrl(config, 42, ['chat_message', 'friend_request']);
    expect(url).toBe(
      `http://localhost:3000/api/notifications/unsubscribe?u=42&k=chat_message,friend_request&s=${hmac('unsubscribe:42:chat_message,friend_request')}`,
    );
    const q = query(url);
    expect(checkUnsubscribe(config, { u: 42, k: q.k!, s: q.s! })).toEqual({
      userId: 42,
      kinds: ['chat_message', 'friend_request'],
    });
    // Made for one member, it does nothing for another; nor for kinds it did not name.
    expect(checkUnsubscribe(config, { u: 43, k: q.k!, s: q.s! })).toBeNull();
    expect(checkUnsubscribe(config, { u: 42, k: 'chat_message', s: q.s! })).toBeNull();
  });

  it('unsubscribe link rule: a name in a signed link that is no kind (an old mail, a kind since renamed) is passed over; a link naming no kind at all unsubscribes from nothing', () => {
    const mixed = query(unsubscribeUrl(config, 42, ['chat_message', 'old_kind' as NotificationKind]));
    expect(mixed.k).toBe('chat_message,old_kind');
    expect(checkUnsubscribe(config, { u: 42, k: mixed.k!, s: mixed.s! })).toEqual({
      userId: 42,
      kinds: ['chat_message'],
    });
    const none = query(unsubscribeUrl(config, 42, ['old_kind' as NotificationKind]));
    expect(checkUnsubscribe(config, { u: 42, k: none.k!, s: none.s! })).toBeNull();
  });
});

describe('notifications: the product news confirmation link (double opt-in, UWG § 7)', () => {
  // 15 January 2030, 10:00:00.750 UTC; the link ends 7 days later, on the whole second.
  const made = Date.UTC(2030, 0, 15, 10, 0, 0, 750);
  const end = Date.UTC(2030, 0, 22, 10, 0, 0) / 1000;

  it('news link rule: the link names the member and its end, exactly 7 days after it was made (whole seconds), signed over both', () => {
    expect(newsConfirmUrl(config, 42, made)).toBe(
      `http://localhost:3000/api/notifications/news/confirm?u=42&e=${end}&s=${hmac(`news:42:${end}`)}`,
    );
  });

  it('news link rule: valid up to and at its end, not one millisecond nor one second later; altered, never', () => {
    const q = query(newsConfirmUrl(config, 42, made));
    const link = { u: 42, e: Number(q.e), s: q.s! };
    expect(link.e).toBe(end);
    expect(checkNewsConfirm(config, link, made)).toBe(true);
    expect(checkNewsConfirm(config, link, end * 1000 - 1)).toBe(true);
    expect(checkNewsConfirm(config, link, end * 1000)).toBe(true);
    expect(checkNewsConfirm(config, link, end * 1000 + 1)).toBe(false);
    expect(checkNewsConfirm(config, link, (end + 1) * 1000)).toBe(false);
    // Another member, a stretched end, or a forged signature.
    expect(checkNewsConfirm(config, { ...link, u: 43 }, made)).toBe(false);
    expect(checkNewsConfirm(config, { ...link, e: end + 86_400 }, made)).toBe(false);
    expect(checkNewsConfirm(config, { ...link, s: hmac(`news:42:${end}`).replace(/^./, 'x') }, made)).toBe(
      false,
    );
  });
});

describe('notifications: the link in a statement of reasons (issue 16, DSA Art. 20)', () => {
  // The appeal window ends 1 February 2030, 12:00:00.999 UTC: the link ends on its whole second.
  const until = new Date(Date.UTC(2030, 1, 1, 12, 0, 0, 999));
  const end = Date.UTC(2030, 1, 1, 12, 0, 0) / 1000;

  it('notice link rule: the link opens that notice and names the member and the end of the appeal window, signed over all three', () => {
    expect(noticeLinkUrl(config, 7, 42, until)).toBe(
      `http://localhost:3000/notices/7/appeal?u=42&e=${end}&s=${hmac(`notice:7:42:${end}`)}`,
    );
  });

  it('notice link rule: valid until the appeal window ends, at its last second too; expired one millisecond, one second and a day later', () => {
    const q = query(noticeLinkUrl(config, 7, 42, until));
    const link = { u: Number(q.u), e: Number(q.e), s: q.s! };
    expect(link).toEqual({ u: 42, e: end, s: hmac(`notice:7:42:${end}`) });
    expect(checkNoticeLink(config, 7, link, end * 1000 - 86_400_000)).toBe('valid');
    expect(checkNoticeLink(config, 7, link, end * 1000)).toBe('valid');
    expect(checkNoticeLink(config, 7, link, end * 1000 + 1)).toBe('expired');
    expect(checkNoticeLink(config, 7, link, (end + 1) * 1000)).toBe('expired');
    expect(checkNoticeLink(config, 7, link, end * 1000 + 86_400_000)).toBe('expired');
  });

  it('notice link rule: a link altered in any field (another notice, another member, the window stretched by a day, a forged signature) is invalid, also once expired', () => {
    const q = query(noticeLinkUrl(config, 7, 42, until));
    const link = { u: 42, e: end, s: q.s! };
    const before = end * 1000 - 60_000;
    expect(checkNoticeLink(config, 8, link, before)).toBe('invalid');
    expect(checkNoticeLink(config, 7, { ...link, u: 43 }, before)).toBe('invalid');
    expect(checkNoticeLink(config, 7, { ...link, e: end + 86_400 }, before)).toBe('invalid');
    expect(checkNoticeLink(config, 7, { ...link, s: hmac(`notice:7:42:${end + 1}`) }, before)).toBe(
      'invalid',
    );
    expect(checkNoticeLink(config, 7, { ...link, s: '' }, before)).toBe('invalid');
    // Forged and past its end: "invalid" (the signature is checked before the end).
    expect(checkNoticeLink(config, 8, link, end * 1000 + 1)).toBe('invalid');
    // Signed for another purpose (the news link's signature over the same fields) opens nothing.
    expect(checkNoticeLink(config, 7, { ...link, s: hmac(`news:7:42:${end}`) }, before)).toBe('invalid');
  });
});
