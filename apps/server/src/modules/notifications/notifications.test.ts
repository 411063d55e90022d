import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DELETION_GRACE_DAYS } from '@trostnetz/contracts/account';
import { and, eq, inArray } from 'drizzle-orm';
// @ts-expect-error http_ece (web-push's own encryption library) ships no types
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { messages } from '../../db/schema/chat.ts';
import { notifications, pushSubscriptions } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { type MemberTokens, onboardMember, strongPassword } from '../../test/factories.ts';
import { sendWaitingNotices, tomorrowNoon } from '../../test/notices.ts';
import { browserKeys, pushService } from '../../test/push-service.ts';
import { call, createTestApp, durableDatabase, outbox, type TestApp } from '../../test/test-app.ts';
import { JOBS_SCHEMA } from '../jobs/job-queue.ts';
import { jobTable } from '../jobs/job-table.ts';
import { sendNoticeMail } from './notice-mail.service.ts';
import { forgetReadNotifications, READ_NOTIFICATIONS_KEPT_DAYS } from './notifications.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let group = 0;
let seq = 0;
type Member = MemberTokens & { nickname: string };
/** Two befriended members (their own region keeps other tests' members out of their suggestions). */
async function friends(on: TestApp = t): Promise<[Member, Member]> {
  group += 1;
  const answers = {
    loss_kind: ['friend'],
    languages: ['de'],
    region: ['de_hamburg'],
    about: `Paar ${group}`,
  };
  const names = [`Alma${++seq}`, `Ben${++seq}`];
  const a = await onboardMember(on, answers, { nickname: names[0] });
  const b = await onboardMember(on, answers, { nickname: names[1] });
  expect(
    (await call(on, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} })).status,
  ).toBe(200);
  expect(
    (await call(on, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: b.token, body: {} })).status,
  ).toBe(200);
  // A clean slate: the request and its answer are not what these tests look at.
  await on.app.ctx.db
    .update(notifications)
    .set({ mailState: 'skipped', readAt: new Date() })
    .where(inArray(notifications.userId, [a.id, b.id]));
  return [
    { ...a, nickname: names[0]! },
    { ...b, nickname: names[1]! },
  ];
}

/** A member beside the pairs of `friends()`, free to send and answer requests. */
const another = async (): Promise<Member> => {
  const nickname = `Cora${++seq}`;
  const m = await onboardMember(t, { languages: ['de'], region: ['de_hamburg'] }, { nickname });
  return { ...m, nickname };
};
const friendAction = (m: MemberTokens, action: string, other: MemberTokens) =>
  call(t, 'POST', `/api/user/friend/${action}/${other.id}`, { token: m.token, body: {} });

const send = (from: MemberTokens, to: MemberTokens, message: string, on: TestApp = t) =>
  call(on, 'POST', `/api/chat/${to.id}/send`, { token: from.token, body: { message } });
/** The member was last online long ago (nobody is watching the app). */
const away = (m: MemberTokens, on: TestApp = t) =>
  on.app.ctx.db
    .update(users)
    .set({ lastSeenAt: new Date(Date.now() - 3600_000) })
    .where(eq(users.id, m.id));
const mailsTo = async (m: MemberTokens, on: TestApp = t) =>
  (await outbox(on)).filter((x) => x.to.includes(m.email));
const prefs = (m: MemberTokens, body: unknown) =>
  call(t, 'PUT', '/api/user/notifications', { token: m.token, body });
/** The member's notifications of these kinds as stored (in the app or waiting for a mail). */
const storedKinds = async (m: MemberTokens, on: TestApp = t) =>
  (
    await on.app.ctx.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, m.id))
  ).map((r) => r.kind);
/** A changed password, a download of the member's data and a deletion request, as the member makes them. */
async function accountEvents(m: MemberTokens) {
  const password = 'Ruhige Stunden am Meer 9';
  const changed = await call(t, 'POST', '/api/settings/change-password', {
    token: m.token,
    body: { current_password: strongPassword, password, password_confirmation: password },
  });
  expect(changed.status).toBe(200);
  const exported = await t.app.inject({
    method: 'GET',
    url: '/api/user/export',
    headers: { authorization: `Bearer ${m.token}` },
  });
  expect(exported.statusCode).toBe(200);
  expect((await call(t, 'POST', '/api/user/delete', { token: m.token, body: { password } })).status).toBe(
    200,
  );
}
/** The mails `accountEvents` brings, in that order, with their content and links as before (issue 13). */
const ACCOUNT_SUBJECTS = [
  'Trostnetz: Dein Passwort wurde geändert',
  'Trostnetz: Eine Kopie deiner Daten wurde heruntergeladen',
  `Trostnetz: Dein Konto wird in ${DELETION_GRACE_DAYS} Tagen gelöscht`,
];
/** The subjects of the chat mails to a member, oldest first. */
const chatMailSubjects = async (m: MemberTokens, on: TestApp = t) =>
  (await mailsTo(m, on)).map((x) => x.subject).filter((x) => x.includes('Neue Nachrichten'));

describe('notifications: preferences', () => {
  it('preferences rule: calm defaults, quiet hours 22–7, and every kind × channel can be chosen', async () => {
    const [a] = await friends();
    const res = await call(t, 'GET', '/api/user/notifications', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      quiet_hours: { start: 22, end: 7 },
      time_zone: 'Europe/Berlin',
      news_email: 'off',
      choices: {
        chat_message: { in_app: true, email: true, push: true },
        group_post: { in_app: true, email: false, push: false },
        security: { in_app: false, email: true, push: false },
        deletion: { in_app: false, email: true, push: false },
        export: { in_app: false, email: true, push: false },
        news: { in_app: false, email: false, push: false },
      },
    });
    expect(res.json.push_public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const put = await prefs(a, {
      choices: { friend_request: { email: false } },
      quiet_hours: { start: 23, end: 6 },
      time_zone: 'America/New_York',
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({
      choices: { friend_request: { in_app: true, email: false, push: true } },
      quiet_hours: { start: 23, end: 6 },
      time_zone: 'America/New_York',
    });
  });

  it('preferences rule: bad input is a 422 with the catalogue body, never a 500', async () => {
    const [a] = await friends();
    for (const body of [
      { time_zone: 'Mars/Olympus' },
      { quiet_hours: { start: 24, end: 7 } },
      { quiet_hours: { start: -1, end: 7 } },
      { choices: { account: { email: false } } },
      { choices: { moderation: { email: false } } },
      { choices: { chat_message: { email: 'yes' } } },
    ]) {
      const res = await prefs(a, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json).toHaveProperty('errors');
    }
    // Both ends of the hours are fine.
    expect((await prefs(a, { quiet_hours: { start: 0, end: 23 } })).status).toBe(200);
    expect((await call(t, 'GET', '/api/user/notifications')).status).toBe(401);
  });

  it('always-on rule: the preferences API refuses to switch security, deletion or export notices off or onto another channel (422 always_on), takes them back unchanged, and still shows them on by mail only', async () => {
    const [a] = await friends();
    const fixed = { in_app: false, email: true, push: false };
    for (const kind of ['security', 'deletion', 'export'] as const) {
      for (const [channel, value] of [
        ['email', false],
        ['in_app', true],
        ['push', true],
      ] as const) {
        for (const locale of ['de', 'en'] as const) {
          const res = await call(t, 'PUT', '/api/user/notifications', {
            token: a.token,
            locale,
            body: { choices: { [kind]: { [channel]: value } } },
          });
          expect(res.status, `${kind}.${channel}`).toBe(422);
          expect(res.json).toEqual({
            code: 'validation_failed',
            message: expect.any(String),
            errors: {
              [`choices.${kind}.${channel}`]: [
                locale === 'de'
                  ? 'Hinweise zur Sicherheit und zum Löschen deines Kontos und zum Herunterladen deiner Daten kommen immer per E-Mail und lassen sich nicht abschalten.'
                  : "Notices about your account's security, about deleting it and about downloading your data always come by e-mail and cannot be switched off.",
              ],
            },
          });
        }
      }
    }
    // Sent back as they are (a client returning what it read), they change nothing and are accepted.
    const echo = await prefs(a, {
      choices: { security: fixed, deletion: fixed, export: fixed, chat_message: { email: false } },
    });
    expect(echo.status).toBe(200);
    const shown = (await call(t, 'GET', '/api/user/notifications', { token: a.token })).json
      .choices as Record<string, unknown>;
    expect([shown.security, shown.deletion, shown.export]).toEqual([fixed, fixed, fixed]);
    expect(shown.chat_message).toEqual({ in_app: true, email: false, push: true });
  });

  it('preferences rule: each kind and each channel on its own: chat mail off still pushes and lists the chat; request in-app off still mails the request', async () => {
    const [a, b] = await friends();
    const [c] = await friends();
    const service = await pushService();
    await awake(b);
    try {
      await call(t, 'POST', '/api/push/subscriptions', {
        token: b.token,
        body: { endpoint: service.url, keys: browserKeys().keys },
      });
      await prefs(b, {
        choices: {
          chat_message: { in_app: true, email: false, push: true },
          friend_request: { in_app: false, email: true, push: false },
        },
      });
      await away(b);
      const earlier = (await mailsTo(b)).length;
      await send(a, b, 'Hallo');
      expect(
        (await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: c.token, body: {} })).status,
      ).toBe(200);
      await t.app.ctx.jobs.drain();
      await sendWaitingNotices(t);
      // Mail: the request only.
      expect((await mailsTo(b)).slice(earlier).map((m) => m.subject)).toEqual([
        `Trostnetz: ${c.nickname} möchte dein Trostpartner sein`,
      ]);
      // In the app: the chat only.
      const list = await call(t, 'GET', '/api/notifications', { token: b.token });
      expect(
        (list.json.data as { kind: string; read: boolean }[]).filter((n) => !n.read).map((n) => n.kind),
      ).toEqual(['chat_message']);
      // Push: the chat only.
      expect(service.received).toHaveLength(1);
    } finally {
      await service.close();
    }
  });

  it('preferences rule: a kind with e-mail off sends no mail, with in-app off shows nothing in the list', async () => {
    const [a, b] = await friends();
    await prefs(b, { choices: { chat_message: { email: false, in_app: false } } });
    await away(b);
    await send(a, b, 'Hallo, wie geht es dir heute?');
    await sendWaitingNotices(t);
    expect((await mailsTo(b)).filter((m) => /Neue Nachrichten|Neues für dich/.test(m.subject))).toEqual([]);
    const list = await call(t, 'GET', '/api/notifications', { token: b.token });
    expect((list.json.data as { kind: string }[]).filter((n) => n.kind === 'chat_message')).toEqual([]);
  });

  it('product news rule: switching news mail on only asks; the confirmation link (no login) switches it on (UWG § 7)', async () => {
    const [a] = await friends();
    const put = await prefs(a, { choices: { news: { email: true } } });
    expect(put.json.news_email).toBe('pending');
    expect((put.json.choices as Record<string, { email: boolean }>).news!.email).toBe(false);
    const mail = (await mailsTo(a)).find((m) => m.links.some((l) => l.includes('/news/confirm')))!;
    const link = new URL(mail.links.find((l) => l.includes('/news/confirm'))!);
    expect((await call(t, 'POST', `${link.pathname}${link.search.replace('&s=', '&s=x')}`)).status).toBe(404);
    const ok = await call(t, 'POST', `${link.pathname}${link.search}`);
    expect(ok.status).toBe(200);
    expect((await call(t, 'GET', '/api/user/notifications', { token: a.token })).json.news_email).toBe(
      'confirmed',
    );
  });
});

describe('notifications: in the app', () => {
  it('in-app rule: a friend request shows in the list with the unread count, opens the request screen, and is marked read', async () => {
    const [a0, b] = await friends();
    const [a] = await friends();
    expect(
      (await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} })).status,
    ).toBe(200);
    expect(
      (await call(t, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: b.token, body: {} })).status,
    ).toBe(200);
    expect(a0.id).not.toBe(a.id);
    const list = await call(t, 'GET', '/api/notifications', { token: a.token });
    // b accepted a's request: a is told.
    expect(list.json.unread).toBe(1);
    expect((list.json.data as { read: boolean }[]).filter((n) => !n.read)).toEqual([
      expect.objectContaining({
        kind: 'friend_accepted',
        actor: { id: b.id, nickname: b.nickname },
        url: `/chat/${b.id}`,
        read: false,
      }),
    ]);
    const received = await call(t, 'GET', '/api/notifications', { token: b.token });
    expect((received.json.data as { read: boolean }[]).filter((n) => !n.read)).toEqual([
      expect.objectContaining({ kind: 'friend_request', url: `/friend-request/${a.id}` }),
    ]);
    const id = (list.json.data as { id: number }[])[0]!.id;
    expect(
      (await call(t, 'POST', '/api/notifications/read', { token: a.token, body: { ids: [id] } })).json,
    ).toEqual({ unread: 0 });
    // Someone else's ids change nothing.
    await call(t, 'POST', '/api/notifications/read', { token: a.token, body: {} });
    expect((await call(t, 'GET', '/api/notifications', { token: b.token })).json.unread).toBe(1);
  });

  it('in-app rule: messages of one partner collect in one entry, newest first', async () => {
    const [a, b] = await friends();
    await send(a, b, 'eins');
    await send(a, b, 'zwei');
    const list = await call(t, 'GET', '/api/notifications', { token: b.token });
    const chat = (list.json.data as { kind: string; count: number }[]).filter(
      (n) => n.kind === 'chat_message',
    );
    expect(chat).toEqual([expect.objectContaining({ count: 2 })]);
    expect(JSON.stringify(list.json)).not.toContain('zwei');
  });

  it('in-app rule: an empty list of ids marks nothing read; a partner who deleted their account is named by nobody', async () => {
    const [a, b] = await friends();
    await send(a, b, 'eins');
    expect(
      (await call(t, 'POST', '/api/notifications/read', { token: b.token, body: { ids: [] } })).json,
    ).toEqual({ unread: 1 });
    const chatOf = async () =>
      (
        (await call(t, 'GET', '/api/notifications', { token: b.token })).json.data as {
          kind: string;
          actor: unknown;
        }[]
      ).filter((n) => n.kind === 'chat_message');
    expect((await chatOf()).map((n) => n.actor)).toEqual([{ id: a.id, nickname: a.nickname }]);
    await t.app.ctx.db.update(users).set({ deletionRequestedAt: new Date() }).where(eq(users.id, a.id));
    expect((await chatOf()).map((n) => n.actor)).toEqual([null]);
  });

  it(`retention rule: a read notification is forgotten ${READ_NOTIFICATIONS_KEPT_DAYS} days after it was read, not a millisecond sooner; unread ones and one whose mail still waits stay`, async () => {
    const [a, b] = await friends();
    const now = new Date();
    const daysAgo = (days: number, ms = 0) => new Date(now.getTime() - days * 86_400_000 + ms);
    const chat = (groupKey: string, o: Partial<typeof notifications.$inferInsert>) => ({
      userId: b.id,
      kind: 'chat_message' as const,
      actorId: a.id,
      groupKey,
      inApp: 'yes' as const,
      ...o,
    });
    const rows = await t.app.ctx.db
      .insert(notifications)
      .values([
        chat('r:old', { readAt: daysAgo(READ_NOTIFICATIONS_KEPT_DAYS, -1) }),
        chat('r:edge', { readAt: daysAgo(READ_NOTIFICATIONS_KEPT_DAYS) }),
        chat('r:unread', { updatedAt: daysAgo(400) }),
        chat('r:mail', { inApp: 'no', mailState: 'pending', readAt: daysAgo(400) }),
      ])
      .returning({ id: notifications.id, groupKey: notifications.groupKey });
    const ids = rows.map((r) => r.id);

    expect(await forgetReadNotifications(t.app.ctx, now)).toBeGreaterThanOrEqual(1);
    const left = await t.app.ctx.db
      .select({ groupKey: notifications.groupKey })
      .from(notifications)
      .where(inArray(notifications.id, ids));
    expect(left.map((r) => r.groupKey).sort()).toEqual(['r:edge', 'r:mail', 'r:unread']);
    expect(jobTable.find((j) => j.name === 'notifications-forget-read')?.schedule).toBe('45 3 * * *');
  });
});

describe('notifications: e-mail that says little', () => {
  it('mail rule: an offline partner gets one mail naming who wrote, never the text; one-click unsubscribe and /notifications in it', async () => {
    const [a, b] = await friends();
    await away(b);
    await send(a, b, 'Mein geheimer Satz über Oma');
    await send(a, b, 'Noch ein geheimer Satz');
    await sendWaitingNotices(t);
    const mails = (await mailsTo(b)).filter((m) => m.subject.includes('Neue Nachrichten'));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain(`Neue Nachrichten von ${a.nickname}`);
    expect(mail.text).toContain(`Du hast neue Nachrichten von ${a.nickname}`);
    expect(mail.text).not.toMatch(/geheimer Satz/);
    expect(mail.text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(mail.links.some((l) => l.endsWith('/notifications'))).toBe(true);
    // A further message within 6 hours: no second mail about the same partner.
    await send(a, b, 'Drittes');
    await sendWaitingNotices(t, new Date(tomorrowNoon().getTime() + 3600_000));
    expect((await mailsTo(b)).filter((m) => m.subject.includes('Neue Nachrichten'))).toHaveLength(1);
  });

  it('mail rule: no mail while the member is online or once the messages are read', async () => {
    const [a, b] = await friends();
    await send(a, b, 'Bist du da?');
    // b was online a minute ago: the check waits until 15 minutes after that.
    await t.app.ctx.db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, b.id));
    expect(await sendNoticeMail(t.app.ctx, b.id, new Date(Date.now() + 60_000))).toBe(0);
    // b reads them: nothing is mailed at all.
    await t.app.ctx.db.update(messages).set({ readAt: new Date() }).where(eq(messages.recipientId, b.id));
    await sendWaitingNotices(t);
    expect((await mailsTo(b)).filter((m) => m.subject.includes('Neue Nachrichten'))).toEqual([]);
  });

  it('mail rule: several partners wrote — one digest naming each', async () => {
    const [a, b] = await friends();
    const [c, d] = await friends();
    // b and d both befriend a third member e? Simpler: a friend request and a message reach b at once.
    expect(
      (await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: c.token, body: {} })).status,
    ).toBe(200);
    await away(b);
    await send(a, b, 'Hallo');
    await sendWaitingNotices(t);
    const mails = await mailsTo(b);
    const digest = mails.filter((m) => m.subject.includes('Neues für dich'));
    expect(digest).toHaveLength(1);
    expect(digest[0]!.text).toContain(`Neue Nachrichten von ${a.nickname}`);
    expect(digest[0]!.text).toContain(`${c.nickname} möchte dein Trostpartner sein`);
    expect(d.id).toBeGreaterThan(0);
  });

  it("quiet hours rule: nothing is mailed during quiet hours in the member's time zone; the mail waits until they end", async () => {
    const [a, b] = await friends();
    await prefs(b, { quiet_hours: { start: 20, end: 8 }, time_zone: 'Asia/Tokyo' });
    await away(b);
    await send(a, b, 'Gute Nacht');
    // 13:00 UTC is 22:00 in Tokyo: quiet.
    const night = tomorrowNoon();
    night.setUTCHours(13);
    expect(await sendNoticeMail(t.app.ctx, b.id, night)).toBe(0);
    const waiting = await t.app.ctx.database.executeSql(
      `select start_after from ${JOBS_SCHEMA}.job where name = 'notifications-mail' and data->>'userId' = '${b.id}' order by start_after desc limit 1`,
    );
    // 08:00 in Tokyo is 23:00 UTC.
    expect(new Date(String((waiting.rows[0] as { start_after: string }).start_after)).toISOString()).toBe(
      new Date(night.getTime() + 10 * 3600_000).toISOString(),
    );
    // 23:00 UTC, Tokyo morning: it goes out.
    expect(await sendNoticeMail(t.app.ctx, b.id, new Date(night.getTime() + 10 * 3600_000))).toBe(1);
  });

  it('unsubscribe rule: the List-Unsubscribe link works with one POST and no login; a forged one is refused', async () => {
    const [a, b] = await friends();
    await away(b);
    await send(a, b, 'Hallo');
    await sendWaitingNotices(t);
    const mail = (await mailsTo(b)).find((m) => m.subject.includes('Neue Nachrichten'))!;
    expect(mail.text).toMatch(/^List-Unsubscribe:\s+<http/m);
    // Read from the raw .eml: the outbox helper's quoted-printable decoding would eat "=12"-like parts of the link.
    const dir = path.join(t.config.dataDir, 'outbox');
    const raw = readdirSync(dir)
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .find((f) => f.includes(b.email) && f.includes('List-Unsubscribe-Post'))!;
    const header = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(raw)![1]!;
    const url = new URL(header);
    expect(url.searchParams.get('k')).toBe('chat_message');
    const forged = `${url.pathname}?u=${a.id}&k=chat_message&s=${url.searchParams.get('s')}`;
    expect((await call(t, 'POST', forged)).status).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const after = await call(t, 'GET', '/api/user/notifications', { token: b.token });
    expect(
      (after.json.choices as Record<string, { email: boolean; in_app: boolean }>).chat_message,
    ).toMatchObject({ email: false, in_app: true });
    // The link opened in a browser shows a button, and changes nothing by itself.
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
  });

  it('quiet hours rule: both sides of both ends (20–8 in Tokyo): 19:59 mails, 20:00 waits, 07:59 waits, 08:00 mails', async () => {
    const [a1, b] = await friends();
    const [a2] = await friends();
    await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a2.token, body: {} });
    await call(t, 'POST', `/api/user/friend/request/accept/${a2.id}`, { token: b.token, body: {} });
    await t.app.ctx.db
      .update(notifications)
      .set({ mailState: 'skipped', readAt: new Date() })
      .where(eq(notifications.userId, b.id));
    await prefs(b, { quiet_hours: { start: 20, end: 8 }, time_zone: 'Asia/Tokyo' });
    await away(b);
    const day = tomorrowNoon();
    const at = (utcHour: number, minute: number) => {
      const d = new Date(day);
      d.setUTCHours(utcHour, minute);
      return d;
    };
    await send(a1, b, 'Vor der Ruhe');
    // Tokyo is UTC+9: 19:59 there is 10:59 UTC, 20:00 is 11:00, 07:59 is 22:59, 08:00 is 23:00.
    expect(await sendNoticeMail(t.app.ctx, b.id, at(10, 59))).toBe(1);
    await send(a2, b, 'In der Ruhe');
    expect(await sendNoticeMail(t.app.ctx, b.id, at(11, 0))).toBe(0);
    expect(await sendNoticeMail(t.app.ctx, b.id, at(22, 59))).toBe(0);
    expect(await sendNoticeMail(t.app.ctx, b.id, at(23, 0))).toBe(1);
    expect(await chatMailSubjects(b)).toEqual([
      `Trostnetz: Neue Nachrichten von ${a1.nickname}`,
      `Trostnetz: Neue Nachrichten von ${a2.nickname}`,
    ]);
  });

  it('no-text rule: no mail and no push carries what was written — not a chat message, a request’s message, a reply, nor a post — only who and what kind', async () => {
    const [a, b] = await friends();
    const [c] = await friends();
    const [d] = await friends();
    const service = await pushService();
    const keys = browserKeys();
    await awake(b);
    try {
      await call(t, 'POST', '/api/push/subscriptions', {
        token: b.token,
        body: { endpoint: service.url, keys: keys.keys },
      });
      const everything = { in_app: true, email: true, push: true };
      await prefs(b, {
        choices: {
          chat_message: everything,
          friend_request: everything,
          reply: everything,
          group_post: everything,
        },
      });
      const groups = await call(t, 'GET', '/api/group', { token: b.token });
      const groupId = (groups.json.categories as { groups: { id: number; slug: string }[] }[])
        .flatMap((g) => g.groups)
        .find((g) => g.slug === 'fuer-alle')!.id;
      for (const m of [b, d]) {
        expect((await call(t, 'POST', `/api/group/${groupId}/membership`, { token: m.token })).status).toBe(
          200,
        );
      }
      await call(t, 'PUT', `/api/group/${groupId}/membership`, {
        token: b.token,
        body: { notification_level: 'watching' },
      });
      const mine = await call(t, 'POST', '/api/post', {
        token: b.token,
        body: { group_id: groupId, title: 'Mein Jahr', message: 'Ein Jahr ohne dich.' },
      });
      expect(mine.status).toBe(201);
      await away(b);
      const earlier = (await mailsTo(b)).length;

      await send(a, b, 'Geheimnis im Chat');
      await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, {
        token: c.token,
        body: { message: 'Geheimnis in der Anfrage' },
      });
      const reply = await call(t, 'POST', `/api/post/${mine.json.id}/comments`, {
        token: d.token,
        body: { comment: 'Geheimnis im Kommentar' },
      });
      expect(reply.status).toBe(201);
      const post = await call(t, 'POST', '/api/post', {
        token: d.token,
        body: { group_id: groupId, title: 'Geheimnis im Titel', message: 'Geheimnis im Beitrag' },
      });
      expect(post.status).toBe(201);
      await t.app.ctx.jobs.drain();
      await sendWaitingNotices(t);

      const mails = (await mailsTo(b)).slice(earlier);
      expect(mails.map((m) => m.subject)).toEqual(['Trostnetz: Neues für dich']);
      const lines = mails[0]!.text.split('\n').filter((l) => l.startsWith('• '));
      expect(lines.sort()).toEqual(
        [
          `• Neue Nachrichten von ${a.nickname}`,
          `• ${c.nickname} möchte dein Trostpartner sein`,
          `• ${d.nickname} hat dir in einer Gruppe geantwortet`,
          `• Neuer Beitrag von ${d.nickname} in einer Gruppe, der du folgst`,
        ].sort(),
      );
      expect(mails[0]!.text).not.toMatch(/Geheimnis/);

      const pushes = service.received.map(({ body }) => {
        expect(body.toString('latin1')).not.toMatch(/Geheimnis/);
        const plain = ece.decrypt(body, {
          version: 'aes128gcm',
          privateKey: keys.ecdh,
          authSecret: keys.auth.toString('base64url'),
        }) as Buffer;
        return JSON.parse(plain.toString('utf8')) as { body: string };
      });
      const postUrl = (id: unknown) => `/groups/${groupId}/posts/${id}`;
      expect(pushes.sort((x, y) => x.body.localeCompare(y.body))).toEqual(
        [
          {
            title: 'Trostnetz',
            body: `Neue Nachricht von ${a.nickname}`,
            url: `/chat/${a.id}`,
            partner_id: a.id,
          },
          {
            title: 'Trostnetz',
            body: `${c.nickname} möchte dein Trostpartner sein`,
            url: `/friend-request/${c.id}`,
            partner_id: null,
          },
          {
            title: 'Trostnetz',
            body: `${d.nickname} hat dir in einer Gruppe geantwortet`,
            url: postUrl(mine.json.id),
            partner_id: null,
          },
          {
            title: 'Trostnetz',
            body: `Neuer Beitrag von ${d.nickname} in einer Gruppe, der du folgst`,
            url: postUrl(post.json.id),
            partner_id: null,
          },
        ].sort((x, y) => x.body.localeCompare(y.body)),
      );
      // Nor the list in the app.
      expect(
        JSON.stringify((await call(t, 'GET', '/api/notifications', { token: b.token })).json),
      ).not.toMatch(/Geheimnis/);
    } finally {
      await service.close();
    }
  });

  it('always-on rule: security, deletion and export notices come by mail only — nothing in the app, no push, no unsubscribe link — with every other mail and push of the member switched off', async () => {
    const [b] = await friends();
    const service = await pushService();
    await awake(b);
    try {
      await call(t, 'POST', '/api/push/subscriptions', {
        token: b.token,
        body: { endpoint: service.url, keys: browserKeys().keys },
      });
      const off = { email: false, push: false };
      await prefs(b, {
        choices: Object.fromEntries(
          ['chat_message', 'friend_request', 'friend_accepted', 'request_expired', 'reply', 'group_post'].map(
            (k) => [k, off],
          ),
        ),
      });
      const earlier = (await mailsTo(b)).length;
      await accountEvents(b);
      await t.app.ctx.jobs.drain();
      const mails = (await mailsTo(b)).slice(earlier);
      expect(mails.map((m) => m.subject)).toEqual(ACCOUNT_SUBJECTS);
      for (const mail of mails) expect(mail.text).not.toMatch(/^List-Unsubscribe/m);
      expect(service.received).toEqual([]);
      expect((await storedKinds(b)).filter((k) => ['security', 'deletion', 'export'].includes(k))).toEqual(
        [],
      );
    } finally {
      await service.close();
    }
  });

  it('quiet hours rule: during quiet hours security, deletion and export mails go out at once, while a chat mail waits', async () => {
    const [a, b] = await friends();
    // Quiet from this hour for two hours, in UTC: now is quiet, and so is the moment the chat mail would be due.
    const hour = new Date().getUTCHours();
    await prefs(b, { quiet_hours: { start: hour, end: (hour + 2) % 24 }, time_zone: 'UTC' });
    await away(b);
    await send(a, b, 'Spät am Abend');
    expect(await sendNoticeMail(t.app.ctx, b.id, new Date(Date.now() + 20 * 60_000))).toBe(0);
    const earlier = (await mailsTo(b)).length;
    await accountEvents(b);
    expect((await mailsTo(b)).slice(earlier).map((m) => m.subject)).toEqual(ACCOUNT_SUBJECTS);
    expect(await chatMailSubjects(b)).toEqual([]);
  });
});

describe('notifications: the chat mail delay (CHAT_MAIL_DELAY_SECONDS)', () => {
  it('config rule: CHAT_MAIL_DELAY_SECONDS is 15 minutes unless set; whole seconds from 1 s to a day; anything else stops the start with a clear error', () => {
    const dataDir = t.config.dataDir;
    expect(loadConfig({ DATA_DIR: dataDir }).chatMailDelayMs).toBe(15 * 60_000);
    expect(loadConfig({ DATA_DIR: dataDir, CHAT_MAIL_DELAY_SECONDS: '1' }).chatMailDelayMs).toBe(1000);
    expect(loadConfig({ DATA_DIR: dataDir, CHAT_MAIL_DELAY_SECONDS: '86400' }).chatMailDelayMs).toBe(
      86_400_000,
    );
    for (const bad of ['0', '-60', '1.5', 'soon', '86401', '']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, CHAT_MAIL_DELAY_SECONDS: bad }), bad).toThrow(
        /CHAT_MAIL_DELAY_SECONDS/,
      );
    }
  });

  it('mail rule: the chat mail waits the configured delay after the message or the member’s last visit, whichever is later: a millisecond before, nothing (and a check is set for the moment); at it, the mail', async () => {
    const five = await createTestApp({}, { CHAT_MAIL_DELAY_SECONDS: '300' });
    try {
      const [a, b] = await friends(five);
      const [c] = await friends(five);
      await call(five, 'POST', `/api/user/friend/request/send/${b.id}`, { token: c.token, body: {} });
      await call(five, 'POST', `/api/user/friend/request/accept/${c.id}`, { token: b.token, body: {} });
      await five.app.ctx.db
        .update(notifications)
        .set({ mailState: 'skipped', readAt: new Date() })
        .where(eq(notifications.userId, b.id));
      const { ctx } = five.app;
      // The default quiet hours (22–7 Berlin) hold mail checks until morning when this runs at night: quiet
      // hours away from now, and the checks the setting-up of friendships left behind gone.
      await awake(b, five);
      await ctx.database.executeSql(
        `delete from ${JOBS_SCHEMA}.job where name = 'notifications-mail' and data->>'userId' = '${b.id}'`,
      );
      const pendingSince = async () => {
        const [row] = await ctx.db
          .select({ createdAt: notifications.createdAt })
          .from(notifications)
          .where(and(eq(notifications.userId, b.id), eq(notifications.mailState, 'pending')));
        return row!.createdAt.getTime();
      };
      const nextCheck = async () => {
        const res = await ctx.database.executeSql(
          `select max(start_after) as at from ${JOBS_SCHEMA}.job where name = 'notifications-mail' and data->>'userId' = '${b.id}'`,
        );
        return new Date(String((res.rows[0] as { at: string }).at)).getTime();
      };

      // Away for an hour: the delay counts from the message.
      await away(b, five);
      await send(a, b, 'Eins', five);
      const sent = await pendingSince();
      expect(await sendNoticeMail(ctx, b.id, new Date(sent + 300_000 - 1))).toBe(0);
      // The waiting check (one per member and minute) is due at that moment, not later.
      expect((await nextCheck()) - (sent + 300_000)).toBeLessThan(60_000);
      expect((await nextCheck()) - (sent + 300_000)).toBeGreaterThan(-1000);
      expect(await sendNoticeMail(ctx, b.id, new Date(sent + 300_000))).toBe(1);

      // Back in the app after the message: the delay counts from that visit.
      await send(c, b, 'Zwei', five);
      const visit = (await pendingSince()) + 120_000;
      await ctx.db
        .update(users)
        .set({ lastSeenAt: new Date(visit) })
        .where(eq(users.id, b.id));
      expect(await sendNoticeMail(ctx, b.id, new Date(visit + 300_000 - 1))).toBe(0);
      expect(await sendNoticeMail(ctx, b.id, new Date(visit + 300_000))).toBe(1);
      expect(await chatMailSubjects(b, five)).toEqual([
        `Trostnetz: Neue Nachrichten von ${a.nickname}`,
        `Trostnetz: Neue Nachrichten von ${c.nickname}`,
      ]);
    } finally {
      await five.close();
    }
  });
});

describe('notifications: a crash in the middle of sending', () => {
  let d: TestApp;
  beforeAll(async () => {
    d = await createTestApp(durableDatabase);
  });
  afterAll(() => d.close());

  const chatRows = (b: MemberTokens) =>
    d.app.ctx.db
      .select({ mailState: notifications.mailState })
      .from(notifications)
      .where(and(eq(notifications.userId, b.id), eq(notifications.kind, 'chat_message')));

  it('no duplicate mail after a restart in the middle of sending: a crash before the commit leaves no mail stored and the rows pending; after the restart exactly one mail goes out, and no further run sends another', async () => {
    const [a, b] = await friends(d);
    await away(b, d);
    await send(a, b, 'Hallo', d);
    // The process dies right after the mail was stored, before the rows' mark is committed.
    const mailer = d.app.ctx.mailer;
    const queueIn = mailer.queueIn;
    mailer.queueIn = async (tx, mail) => {
      await queueIn(tx, mail);
      throw new Error('process killed before the commit');
    };
    await expect(sendNoticeMail(d.app.ctx, b.id, tomorrowNoon())).rejects.toThrow('process killed');
    expect(await chatRows(b)).toEqual([{ mailState: 'pending' }]);
    expect(await d.app.ctx.jobs.pending('mail-send')).toBe(0);

    d = await d.restart();
    expect(await sendNoticeMail(d.app.ctx, b.id, tomorrowNoon())).toBe(1);
    expect(await sendNoticeMail(d.app.ctx, b.id, tomorrowNoon())).toBe(0);
    const again = await Promise.all([
      sendNoticeMail(d.app.ctx, b.id, tomorrowNoon()),
      sendNoticeMail(d.app.ctx, b.id, tomorrowNoon()),
    ]);
    expect(again).toEqual([0, 0]);
    expect(await chatMailSubjects(b, d)).toEqual([`Trostnetz: Neue Nachrichten von ${a.nickname}`]);
    expect(await chatRows(b)).toEqual([{ mailState: 'sent' }]);
  });

  it('no lost mail after a restart in the middle of sending: a crash after the commit, before SMTP took the mail, leaves it stored; after the restart it goes out once', async () => {
    const [a, b] = await friends(d);
    await away(b, d);
    await send(a, b, 'Hallo', d);
    expect(await sendNoticeMail(d.app.ctx, b.id, tomorrowNoon())).toBe(1);
    expect(await d.app.ctx.jobs.pending('mail-send')).toBe(1);
    // The process dies before the mail job ran.
    d = await d.restart();
    expect(await d.app.ctx.jobs.pending('mail-send')).toBe(1);
    expect(await sendNoticeMail(d.app.ctx, b.id, tomorrowNoon())).toBe(0);
    expect(await chatMailSubjects(b, d)).toEqual([`Trostnetz: Neue Nachrichten von ${a.nickname}`]);
    expect(await d.app.ctx.jobs.pending('mail-send')).toBe(0);
    expect(await chatMailSubjects(b, d)).toHaveLength(1);
  });
});

/** Quiet hours moved to a window that does not hold the present hour, so a push test passes at any time of day. */
const awake = (m: MemberTokens, on: TestApp = t) => {
  const hour = new Date().getUTCHours();
  // One quiet hour that is neither now nor noon UTC, when tomorrowNoon() sends the waiting mails (at 09:xx
  // UTC the hour three ahead was noon, and those tests failed).
  const start = (hour + 3) % 24 === 12 ? (hour + 5) % 24 : (hour + 3) % 24;
  return call(on, 'PUT', '/api/user/notifications', {
    token: m.token,
    body: { quiet_hours: { start, end: (start + 1) % 24 }, time_zone: 'UTC' },
  });
};

/** The metrics' push counter for one outcome (issue 19: /metrics counts pushes sent and failed). */
async function pushesCounted(outcome: 'sent' | 'failed'): Promise<number> {
  const { values } = await t.app.ctx.metrics.pushes.get();
  return values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
}

describe('notifications: web push', () => {
  it('push rule: the push service gets an encrypted body that says only who and what kind, and where it leads', async () => {
    const [a, b] = await friends();
    const service = await pushService();
    const keys = browserKeys();
    await awake(b);
    try {
      const sub = await call(t, 'POST', '/api/push/subscriptions', {
        token: b.token,
        body: { endpoint: service.url, keys: keys.keys },
      });
      expect(sub.status).toBe(204);
      const [sentBefore, failedBefore] = [await pushesCounted('sent'), await pushesCounted('failed')];
      expect((await send(a, b, 'Das bleibt privat')).status).toBe(200);
      await t.app.ctx.jobs.drain();
      expect(service.received).toHaveLength(1);
      expect([await pushesCounted('sent'), await pushesCounted('failed')]).toEqual([
        sentBefore + 1,
        failedBefore,
      ]);
      const { headers, body } = service.received[0]!;
      expect(headers['content-encoding']).toBe('aes128gcm');
      expect(headers.authorization).toMatch(/^vapid t=/);
      expect(body.toString('latin1')).not.toContain('Das bleibt privat');
      const plain = ece.decrypt(body, {
        version: 'aes128gcm',
        privateKey: keys.ecdh,
        authSecret: keys.auth.toString('base64url'),
      }) as Buffer;
      expect(JSON.parse(plain.toString('utf8'))).toEqual({
        title: 'Trostnetz',
        body: `Neue Nachricht von ${a.nickname}`,
        url: `/chat/${a.id}`,
        partner_id: a.id,
      });
    } finally {
      await service.close();
    }
  });

  it('push rule: a subscription the push service has forgotten (404 or 410) is removed; one that failed otherwise (500) is kept for the retry; bad subscriptions are a 422', async () => {
    const [a, b] = await friends();
    await awake(b);
    for (const [status, kept] of [
      [404, false],
      [410, false],
      [500, true],
    ] as const) {
      const service = await pushService(status);
      try {
        await call(t, 'POST', '/api/push/subscriptions', {
          token: b.token,
          body: { endpoint: service.url, keys: browserKeys().keys },
        });
        const failedBefore = await pushesCounted('failed');
        await send(a, b, 'Hallo');
        await t.app.ctx.jobs.drain();
        expect(service.received, String(status)).toHaveLength(1);
        expect(await pushesCounted('failed')).toBe(failedBefore + 1);
        const left = await t.app.ctx.db
          .select({ endpoint: pushSubscriptions.endpoint })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, b.id));
        expect(left, String(status)).toEqual(kept ? [{ endpoint: service.url }] : []);
        await call(t, 'DELETE', '/api/push/subscriptions', {
          token: b.token,
          body: { endpoint: service.url },
        });
      } finally {
        await service.close();
      }
    }
    for (const body of [
      { endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } },
      { endpoint: 'https://push.example/1' },
    ]) {
      expect((await call(t, 'POST', '/api/push/subscriptions', { token: b.token, body })).status).toBe(422);
    }
    expect(
      (
        await call(t, 'POST', '/api/push/subscriptions', {
          body: { endpoint: 'https://push.example/1', keys: { p256dh: 'x', auth: 'y' } },
        })
      ).status,
    ).toBe(401);
  });

  it('push rule: no push during quiet hours, and none for a kind with push off', async () => {
    const [a, b] = await friends();
    const service = await pushService();
    try {
      await call(t, 'POST', '/api/push/subscriptions', {
        token: b.token,
        body: { endpoint: service.url, keys: browserKeys().keys },
      });
      await prefs(b, { choices: { chat_message: { push: false } } });
      await send(a, b, 'eins');
      // Quiet hours from this hour to the next two, in UTC: now is quiet.
      const hour = new Date().getUTCHours();
      await prefs(b, {
        choices: { chat_message: { push: true } },
        quiet_hours: { start: hour, end: (hour + 2) % 24 },
        time_zone: 'UTC',
      });
      await send(a, b, 'zwei');
      await t.app.ctx.jobs.drain();
      expect(service.received).toHaveLength(0);
      // Outside quiet hours the same push goes out.
      await prefs(b, { quiet_hours: { start: (hour + 3) % 24, end: (hour + 4) % 24 } });
      await send(a, b, 'drei');
      await t.app.ctx.jobs.drain();
      expect(service.received).toHaveLength(1);
    } finally {
      await service.close();
    }
  });
});

describe('notifications: member data', () => {
  it("life-cycle rule: the export lists a member's notifications and choices", async () => {
    const [a] = await friends();
    const { exportMember } = await import('../../lifecycle/member-data-table.ts');
    const data = (await exportMember(t.app.ctx, a.id)) as unknown as {
      notifications: { notifications: unknown[] };
    };
    expect(data.notifications.notifications.length).toBeGreaterThan(0);
  });
});

describe('notifications: the digest tells only what is still true', () => {
  /** The bullet lines of the member's digests and the single lines of their one-notice mails, oldest first. */
  const toldTo = async (m: MemberTokens, since: number) =>
    (await mailsTo(m))
      .slice(since)
      .flatMap((mail) =>
        mail.subject === 'Trostnetz: Neues für dich'
          ? mail.text.split('\n').filter((l) => l.startsWith('• '))
          : [mail.subject.replace('Trostnetz: ', '')],
      );

  it('digest rule: a request already accepted, declined or withdrawn before the mail goes out is not in it, nor an accepted request the partner ended since; a request still waiting and the messages are', async () => {
    const [a, b] = await friends();
    const [accepted, declined, withdrawn, waiting, ended] = [
      await another(),
      await another(),
      await another(),
      await another(),
      await another(),
    ];
    await prefs(b, { choices: { friend_accepted: { in_app: true, email: true, push: true } } });
    const earlier = (await mailsTo(b)).length;
    for (const c of [accepted, declined, withdrawn, waiting]) {
      expect((await friendAction(c, 'request/send', b)).status).toBe(200);
    }
    expect((await friendAction(b, 'request/send', ended)).status).toBe(200);
    expect((await friendAction(ended, 'request/accept', b)).status).toBe(200);
    expect((await friendAction(b, 'request/accept', accepted)).status).toBe(200);
    expect((await friendAction(b, 'request/deny', declined)).status).toBe(200);
    expect((await friendAction(withdrawn, 'request/retract', b)).status).toBe(200);
    expect((await friendAction(ended, 'list/remove', b)).status).toBe(200);
    await away(b);
    await send(a, b, 'Hallo');
    await sendWaitingNotices(t);
    expect(await toldTo(b, earlier)).toEqual([
      `• ${waiting.nickname} möchte dein Trostpartner sein`,
      `• Neue Nachrichten von ${a.nickname}`,
    ]);
    // What was left out is not kept for a later mail either.
    await sendWaitingNotices(t, new Date(tomorrowNoon().getTime() + 86_400_000));
    expect(await toldTo(b, earlier)).toHaveLength(2);
  });

  it('digest rule: the same partner’s messages and the same member’s request are one line each, also when the member read the first notification in the app before more came', async () => {
    const [a, b] = await friends();
    const cora = await another();
    const earlier = (await mailsTo(b)).length;
    await away(b);
    /** The member opens the notification centre (not the chat, not the request): the notices so far are read, their mail still waits. */
    const readAll = async () =>
      expect((await call(t, 'POST', '/api/notifications/read', { token: b.token, body: {} })).json).toEqual({
        unread: 0,
      });
    await send(a, b, 'eins');
    expect((await friendAction(cora, 'request/send', b)).status).toBe(200);
    await readAll();
    await send(a, b, 'zwei');
    expect((await friendAction(cora, 'request/retract', b)).status).toBe(200);
    expect((await friendAction(cora, 'request/send', b)).status).toBe(200);
    await sendWaitingNotices(t);
    expect(await toldTo(b, earlier)).toEqual([
      `• Neue Nachrichten von ${a.nickname}`,
      `• ${cora.nickname} möchte dein Trostpartner sein`,
    ]);
    // Every notice the mail told is marked sent; none waits for another mail.
    const pending = await t.app.ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, b.id), eq(notifications.mailState, 'pending')));
    expect(pending).toEqual([]);
  });
});
