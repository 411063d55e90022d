import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@trostnetz/contracts/notifications';
import type { Config } from '../../config.ts';

const sign = (config: Config, purpose: string, data: string) =>
  createHmac('sha256', config.appKey).update(`${purpose}:${data}`).digest('base64url');

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Links in mails that work without signing in are signed here, one way for all of them: an HMAC with
 * the app key over a purpose and the link's fields, compared in constant time.
 */

/**
 * The one-click unsubscribe address of a mail (RFC 8058): member and kinds signed with the app key, so
 * it works without signing in and cannot be made for anyone else. It does not expire: an old mail's
 * link must still work.
 */
export function unsubscribeUrl(config: Config, userId: number, kinds: NotificationKind[]): string {
  const k = kinds.join(',');
  return `${config.appUrl}/api/notifications/unsubscribe?u=${userId}&k=${k}&s=${sign(config, 'unsubscribe', `${userId}:${k}`)}`;
}

export function checkUnsubscribe(
  config: Config,
  q: { u: number; k: string; s: string },
): { userId: number; kinds: NotificationKind[] } | null {
  if (!same(sign(config, 'unsubscribe', `${q.u}:${q.k}`), q.s)) return null;
  const kinds = q.k
    .split(',')
    .filter((k): k is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(k));
  return kinds.length ? { userId: q.u, kinds } : null;
}

/** The link in the product news confirmation mail (double opt-in), valid for a week. */
export function newsConfirmUrl(config: Config, userId: number, now = Date.now()): string {
  const e = Math.floor(now / 1000) + 7 * 24 * 3600;
  return `${config.appUrl}/api/notifications/news/confirm?u=${userId}&e=${e}&s=${sign(config, 'news', `${userId}:${e}`)}`;
}

export function checkNewsConfirm(config: Config, q: { u: number; e: number; s: string }, now = Date.now()) {
  return q.e * 1000 >= now && same(sign(config, 'news', `${q.u}:${q.e}`), q.s);
}

/**
 * The link in a statement of reasons (issue 16, DSA Art. 20): it opens that one notice and its appeal
 * without signing in, since a suspended member cannot. Notice, member and the end of the appeal window
 * are signed, so it opens no other notice and cannot be stretched; it ends with the appeal window.
 */
export function noticeLinkUrl(config: Config, noticeId: number, memberId: number, until: Date): string {
  const e = Math.floor(until.getTime() / 1000);
  const s = sign(config, 'notice', `${noticeId}:${memberId}:${e}`);
  return `${config.appUrl}/notices/${noticeId}/appeal?u=${memberId}&e=${e}&s=${s}`;
}

/** `invalid` for a forged or altered link (any field), `expired` once its window has ended. */
export function checkNoticeLink(
  config: Config,
  noticeId: number,
  q: { u: number; e: number; s: string },
  now = Date.now(),
): 'valid' | 'invalid' | 'expired' {
  if (!same(sign(config, 'notice', `${noticeId}:${q.u}:${q.e}`), q.s)) return 'invalid';
  return q.e * 1000 >= now ? 'valid' : 'expired';
}
