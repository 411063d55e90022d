import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { type MemberTokens, registerMember, verifyMember } from '../../test/factories.ts';
import { sendWaitingNotices } from '../../test/notices.ts';
import { browserKeys } from '../../test/push-service.ts';
import { call, createTestApp, outbox, type TestApp } from '../../test/test-app.ts';
import { JOBS_SCHEMA } from '../jobs/job-queue.ts';
import { mailTemplate } from '../mail/templates.ts';
import { notify, scheduleMailCheck } from './notifier.ts';

/**
 * The notifier (issue 13): features say "this happened to member X"; the member's choices pick the
 * channels. Seen from outside: the stored notifications and the list in the app, the bell's live count,
 * the jobs it leaves (a mail check, one push per browser) and the mails that go out.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

let seq = 0;
type Member = MemberTokens & { nickname: string };
/** A registered member with a verified address (no questionnaire: the notifier does not ask for one). */
async function member(): Promise<Member> {
  const nickname = `Nora${++seq}`;
  const m = await registerMember(t, { nickname });
  await verifyMember(t, m);
  return { ...m, nickname };
}

/** Runs `fn` with the clock standing at `iso` (only Date is faked; timers run as usual). */
async function at<T>(iso: string, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

/** The bell's live updates sent to this member. */
const liveTo = (spy: { mock: { calls: unknown[][] } }, m: MemberTokens) =>
  spy.mock.calls.filter((c) => c[0] === m.id);

/** The member's mail checks waiting in the job queue: when each runs and its one-per-minute key. */
async function mailChecks(m: MemberTokens) {
  const res = await t.app.ctx.database.executeSql(
    `select data, start_after, singleton_key from ${JOBS_SCHEMA}.job
      where name = 'notifications-mail' and data->>'userId' = $1 order by start_after`,
    [String(m.id)],
  );
  return (res.rows as { data: unknown; start_after: string | Date; singleton_key: string }[]).map((r) => ({
    data: r.data,
    startAfter: new Date(r.start_after).toISOString(),
    singletonKey: r.singleton_key,
  }));
}
/** The expected mail check at `iso`, with its minute slot (the whole minute at or after it). */
const check = (m: MemberTokens, iso: string) => ({
  data: { userId: m.id },
  startAfter: new Date(iso).toISOString(),
  singletonKey: `${m.id}:${Math.ceil(Date.parse(iso) / 60_000)}`,
});

/** The pushes waiting for the member's browsers, by browser. */
async function pushJobs(m: MemberTokens) {
  const res = await t.app.ctx.database.executeSql(
    `select data from ${JOBS_SCHEMA}.job where name = 'notifications-push' and data->>'userId' = $1
      order by (data->>'subscriptionId')::bigint, created_on`,
    [String(m.id)],
  );
  return (res.rows as { data: unknown }[]).map((r) => r.data);
}

/** Subscribes a browser for push (an endpoint nobody answers: these tests look at the jobs only). */
async function subscribe(m: MemberTokens, name: string): Promise<number> {
  const endpoint = `https://127.0.0.1:9/push/${m.id}-${name}`;
  const res = await call(t, 'POST', '/api/push/subscriptions', {
    token: m.token,
    body: { endpoint, keys: browserKeys().keys },
  });
  expect(res.status).toBe(204);
  const rows = await t.app.ctx.database.executeSql('select id from push_subscriptions where endpoint = $1', [
    endpoint,
  ]);
  return Number((rows.rows[0] as { id: number | string }).id);
}

const prefs = (m: MemberTokens, body: unknown) =>
  call(t, 'PUT', '/api/user/notifications', { token: m.token, body });

/** The member's stored notifications, as the notifier left them. */
const stored = (m: MemberTokens) =>
  t.app.ctx.db
    .select({
      kind: notifications.kind,
      actorId: notifications.actorId,
      groupKey: notifications.groupKey,
      count: notifications.count,
      inApp: notifications.inApp,
      mailState: notifications.mailState,
    })
    .from(notifications)
    .where(eq(notifications.userId, m.id))
    .orderBy(notifications.id);

/** The member's list in the app, without the ids and times (the order is not what these tests look at). */
async function listed(m: MemberTokens) {
  const res = await call(t, 'GET', '/api/notifications', { token: m.token });
  expect(res.status).toBe(200);
  const data = (res.json.data as Array<Record<string, unknown>>).map(({ id, created_at, ...rest }) => {
    expect([typeof id, typeof created_at]).toEqual(['number', 'string']);
    return rest;
  });
  return {
    data: data.sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
    unread: res.json.unread,
  };
}

const goneFromNow = (m: MemberTokens) =>
  t.app.ctx.db.update(users).set({ deletionRequestedAt: new Date() }).where(eq(users.id, m.id));
const erase = (m: MemberTokens) =>
  t.app.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, m.id));

// 15 January 2030 (winter: Berlin is UTC+1). 10:00 UTC is 11:00 in Berlin, outside the default quiet hours.
const DAY = '2030-01-15T10:00:00.000Z';

describe('notifications: the channels a notice takes', () => {
  it('notifier rule: a chat message is counted in the bell at once, asks for a mail check 15 minutes later (CHAT_MAIL_DELAY_SECONDS), and leaves one push per browser of the member', async () => {
    const [a, b] = [await member(), await member()];
    const first = await subscribe(b, 'laptop');
    const second = await subscribe(b, 'phone');
    const live = vi.spyOn(t.app.ctx.broadcaster, 'toMember');
    await at(DAY, () => notify(t.app.ctx, b.id, 'chat_message', { actorId: a.id }));
    expect(liveTo(live, b)).toEqual([
      [b.id, 'friend_requests_changed', 'NotificationsChanged', { unread: 1 }],
    ]);
    expect(await mailChecks(b)).toEqual([check(b, '2030-01-15T10:15:00.000Z')]);
    const push = { userId: b.id, kind: 'chat_message', actorId: a.id, postId: null, groupId: null };
    expect(await pushJobs(b)).toEqual([
      { ...push, subscriptionId: first },
      { ...push, subscriptionId: second },
    ]);
    expect(await stored(b)).toEqual([
      {
        kind: 'chat_message',
        actorId: a.id,
        groupKey: `partner:${a.id}`,
        count: 1,
        inApp: 'yes',
        mailState: 'pending',
      },
    ]);
  });

  it('batching rule: every other kind waits 2 minutes for its mail check, so what happens together arrives as one mail', async () => {
    const [a, b] = [await member(), await member()];
    await at(DAY, () => notify(t.app.ctx, b.id, 'friend_request', { actorId: a.id }));
    expect(await mailChecks(b)).toEqual([check(b, '2030-01-15T10:02:00.000Z')]);
  });

  it('preferences rule: each channel as the member chose it: in the app off stores it for the mail only and sends no live count; mail off asks for no mail check; push off leaves no push; all off stores nothing', async () => {
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    const browser = await subscribe(b, 'laptop');

    await prefs(b, { choices: { chat_message: { in_app: false, email: true, push: false } } });
    const live = vi.spyOn(t.app.ctx.broadcaster, 'toMember');
    await at(DAY, () => notify(t.app.ctx, b.id, 'chat_message', { actorId: a.id }));
    expect(liveTo(live, b)).toEqual([]);
    expect(await mailChecks(b)).toEqual([check(b, '2030-01-15T10:15:00.000Z')]);
    expect(await pushJobs(b)).toEqual([]);

    await prefs(b, { choices: { chat_message: { in_app: true, email: false, push: true } } });
    await at('2030-01-15T11:00:00.000Z', () => notify(t.app.ctx, b.id, 'chat_message', { actorId: c.id }));
    // The first one is not in the app, so the bell counts one.
    expect(liveTo(live, b)).toEqual([
      [b.id, 'friend_requests_changed', 'NotificationsChanged', { unread: 1 }],
    ]);
    expect(await mailChecks(b)).toEqual([check(b, '2030-01-15T10:15:00.000Z')]);
    expect(await pushJobs(b)).toEqual([
      {
        userId: b.id,
        subscriptionId: browser,
        kind: 'chat_message',
        actorId: c.id,
        postId: null,
        groupId: null,
      },
    ]);

    await prefs(b, { choices: { chat_message: { in_app: false, email: false, push: false } } });
    await at('2030-01-15T12:00:00.000Z', () => notify(t.app.ctx, b.id, 'chat_message', { actorId: d.id }));
    expect(liveTo(live, b)).toHaveLength(1);
    expect(await mailChecks(b)).toHaveLength(1);
    expect(await pushJobs(b)).toHaveLength(1);
    expect(await stored(b)).toEqual([
      {
        kind: 'chat_message',
        actorId: a.id,
        groupKey: `partner:${a.id}`,
        count: 1,
        inApp: 'no',
        mailState: 'pending',
      },
      {
        kind: 'chat_message',
        actorId: c.id,
        groupKey: `partner:${c.id}`,
        count: 1,
        inApp: 'yes',
        mailState: 'none',
      },
    ]);
  });

  it('quiet hours rule: a member who never chose has quiet hours 22–7 in Berlin: at night the notice is stored and counted, its mail check waits for 07:00 and no push goes out; from 07:00 to 21:59 pushes go out', async () => {
    const [a, b] = [await member(), await member()];
    const browser = await subscribe(b, 'laptop');
    const live = vi.spyOn(t.app.ctx.broadcaster, 'toMember');
    // 23:30 UTC is 00:30 in Berlin: quiet. The chat mail would be due at 00:45; it waits for 07:00 (06:00 UTC).
    await at('2030-01-15T23:30:00.000Z', () => notify(t.app.ctx, b.id, 'chat_message', { actorId: a.id }));
    expect(liveTo(live, b)).toEqual([
      [b.id, 'friend_requests_changed', 'NotificationsChanged', { unread: 1 }],
    ]);
    expect(await mailChecks(b)).toEqual([check(b, '2030-01-16T06:00:00.000Z')]);
    expect(await pushJobs(b)).toEqual([]);

    // Both ends: 21:59:59 and 07:00 in Berlin push, 22:00 and 06:59:59 do not.
    const pushed: string[] = [];
    for (const moment of [
      '2030-01-16T20:59:59.000Z',
      '2030-01-16T21:00:00.000Z',
      '2030-01-17T05:59:59.000Z',
      '2030-01-17T06:00:00.000Z',
    ]) {
      const before = (await pushJobs(b)).length;
      await at(moment, () => notify(t.app.ctx, b.id, 'friend_request', { actorId: a.id }));
      if ((await pushJobs(b)).length > before) pushed.push(moment);
    }
    expect(pushed).toEqual(['2030-01-16T20:59:59.000Z', '2030-01-17T06:00:00.000Z']);
    expect(await pushJobs(b)).toEqual(
      pushed.map(() => ({
        userId: b.id,
        subscriptionId: browser,
        kind: 'friend_request',
        actorId: a.id,
        postId: null,
        groupId: null,
      })),
    );
  });

  it('notifier rule: an account that is gone (deletion asked for) is told nothing: nothing stored, no live count, no mail check, no push; an erased account is passed over without an error', async () => {
    const [a, gone, erased] = [await member(), await member(), await member()];
    await subscribe(gone, 'laptop');
    await goneFromNow(gone);
    await erase(erased);
    const live = vi.spyOn(t.app.ctx.broadcaster, 'toMember');
    await at(DAY, async () => {
      await expect(notify(t.app.ctx, gone.id, 'chat_message', { actorId: a.id })).resolves.toBeUndefined();
      await expect(notify(t.app.ctx, erased.id, 'chat_message', { actorId: a.id })).resolves.toBeUndefined();
    });
    for (const m of [gone, erased]) {
      expect(liveTo(live, m)).toEqual([]);
      expect(await stored(m)).toEqual([]);
      expect(await mailChecks(m)).toEqual([]);
      expect(await pushJobs(m)).toEqual([]);
    }
  });
});

describe('notifications: one mail check per member and moment', () => {
  it('coalescing rule: while a mail check is waiting, a new notice whose check would run no earlier stores none (the waiting check looks at everything); one due earlier stores its own', async () => {
    const [a, c, b, b2] = [await member(), await member(), await member(), await member()];
    // A request at 10:00 asks for a check at 10:02; a request at 10:01:01 (10:03:01) and a chat message at
    // 10:01:30 (10:16:30) are covered by it.
    await at(DAY, () => notify(t.app.ctx, b.id, 'friend_request', { actorId: a.id }));
    await at('2030-01-15T10:01:01.000Z', () => notify(t.app.ctx, b.id, 'friend_request', { actorId: c.id }));
    await at('2030-01-15T10:01:30.000Z', () => notify(t.app.ctx, b.id, 'chat_message', { actorId: a.id }));
    expect(await mailChecks(b)).toEqual([check(b, '2030-01-15T10:02:00.000Z')]);

    // A chat message at 10:00 asks for 10:15; a request a minute later is due at 10:03, earlier: its own check.
    await at(DAY, () => notify(t.app.ctx, b2.id, 'chat_message', { actorId: a.id }));
    await at('2030-01-15T10:01:00.000Z', () => notify(t.app.ctx, b2.id, 'friend_request', { actorId: c.id }));
    expect(await mailChecks(b2)).toEqual([
      check(b2, '2030-01-15T10:03:00.000Z'),
      check(b2, '2030-01-15T10:15:00.000Z'),
    ]);
  });

  it('mail check rule: one check per member and minute slot (the whole minute at or after it): 10:00:10 and 10:01:00 are one check, 10:01:00.001 is the next', async () => {
    const b = await member();
    for (const moment of [
      '2030-01-15T10:00:10.000Z',
      '2030-01-15T10:01:00.000Z',
      '2030-01-15T10:01:00.001Z',
    ]) {
      await scheduleMailCheck(t.app.ctx, b.id, new Date(moment));
    }
    expect(await mailChecks(b)).toEqual([
      {
        ...check(b, '2030-01-15T10:00:10.000Z'),
        singletonKey: `${b.id}:${Date.parse('2030-01-15T10:01:00Z') / 60_000}`,
      },
      {
        ...check(b, '2030-01-15T10:01:00.001Z'),
        singletonKey: `${b.id}:${Date.parse('2030-01-15T10:02:00Z') / 60_000}`,
      },
    ]);
  });

  it('quiet hours rule: a mail check asked for during quiet hours runs when they end', async () => {
    const b = await member();
    // 22:10 UTC is 23:10 in Berlin; quiet hours end at 07:00 there (06:00 UTC).
    await scheduleMailCheck(t.app.ctx, b.id, new Date('2030-01-15T22:10:00.000Z'));
    expect(await mailChecks(b)).toEqual([check(b, '2030-01-16T06:00:00.000Z')]);
  });
});

describe('notifications: what collects in one entry', () => {
  it('grouping rule: replies and group posts collect per post (whoever wrote, the latest named), chat per partner, a report’s receipt per report; each entry knows its post and leads there', async () => {
    const [a, c, b] = [await member(), await member(), await member()];
    const ctx = t.app.ctx;
    await notify(ctx, b.id, 'reply', { actorId: a.id, postId: 101, groupId: 9 });
    await notify(ctx, b.id, 'reply', { actorId: c.id, postId: 101, groupId: 9 });
    await notify(ctx, b.id, 'reply', { actorId: a.id, postId: 102, groupId: 9 });
    await notify(ctx, b.id, 'group_post', { actorId: a.id, postId: 201, groupId: 8 });
    await notify(ctx, b.id, 'group_post', { actorId: a.id, postId: 202, groupId: 8 });
    await notify(ctx, b.id, 'chat_message', { actorId: a.id });
    await notify(ctx, b.id, 'chat_message', { actorId: a.id });
    await notify(ctx, b.id, 'report_received', { actorId: null, reportId: 1 });
    await notify(ctx, b.id, 'report_received', { actorId: null, reportId: 2 });
    await notify(ctx, b.id, 'report_received', { actorId: null, reportId: 1 });
    const A = { id: a.id, nickname: a.nickname };
    const C = { id: c.id, nickname: c.nickname };
    const entry = (kind: string, actor: unknown, count: number, url: string, post_id: number | null) => ({
      kind,
      actor,
      count,
      url,
      post_id,
      words: null,
      read: false,
    });
    expect(await listed(b)).toEqual({
      data: [
        entry('chat_message', A, 2, `/chat/${a.id}`, null),
        entry('group_post', A, 1, '/groups/8/posts/201', 201),
        entry('group_post', A, 1, '/groups/8/posts/202', 202),
        entry('reply', A, 1, '/groups/9/posts/102', 102),
        entry('reply', C, 2, '/groups/9/posts/101', 101),
        entry('report_received', null, 1, '/notices', null),
        entry('report_received', null, 2, '/notices', null),
      ],
      unread: 7,
    });
    expect((await stored(b)).map((r) => r.groupKey)).toEqual([
      'post:101',
      'post:102',
      'post:201',
      'post:202',
      `partner:${a.id}`,
      'report:1',
      'report:2',
    ]);
  });
});

describe('notifications: decisions about the member (issue 16)', () => {
  const decisionMail = (m: MemberTokens, subject: string) => ({
    to: m.email,
    subject,
    text: 'Hallo,\nunser Team hat entschieden.',
    html: '<p>Hallo,</p><p>unser Team hat entschieden.</p>',
  });

  it('moderation rule: a decision reaches the member in the app and by its own mail at once (no mail check, no digest); the same decision never counts twice in the bell; it leads to that statement of reasons', async () => {
    const b = await member();
    const live = vi.spyOn(t.app.ctx.broadcaster, 'toMember');
    const subject = `Trostnetz: Entscheidung für ${b.nickname}`;
    await notify(t.app.ctx, b.id, 'moderation', { key: 'notice:77', mail: decisionMail(b, subject) });
    expect(liveTo(live, b)).toEqual([
      [b.id, 'friend_requests_changed', 'NotificationsChanged', { unread: 1 }],
    ]);
    expect((await outbox(t)).filter((x) => x.subject === subject).map((x) => x.to)).toEqual([b.email]);
    expect(await stored(b)).toEqual([
      { kind: 'moderation', actorId: null, groupKey: 'notice:77', count: 1, inApp: 'yes', mailState: 'none' },
    ]);
    expect(await mailChecks(b)).toEqual([]);
    expect(await listed(b)).toEqual({
      data: [
        {
          kind: 'moderation',
          actor: null,
          count: 1,
          url: '/notices/77',
          post_id: null,
          words: null,
          read: false,
        },
      ],
      unread: 1,
    });

    await notify(t.app.ctx, b.id, 'moderation', { key: 'notice:77', mail: decisionMail(b, subject) });
    await notify(t.app.ctx, b.id, 'moderation', {
      key: 'appeal:78',
      mail: decisionMail(b, `${subject} (2)`),
    });
    expect(liveTo(live, b).map((c) => c[3])).toEqual([{ unread: 1 }, { unread: 1 }, { unread: 2 }]);
    expect((await stored(b)).map((r) => [r.groupKey, r.count])).toEqual([
      ['notice:77', 1],
      ['appeal:78', 1],
    ]);
    expect((await listed(b)).data.map((n) => n.url)).toEqual(['/notices/77', '/notices/78']);
  });

  it('moderation rule: an account that is gone (deletion asked for) or erased gets no decision: no mail, nothing stored, no live count', async () => {
    const [gone, erased] = [await member(), await member()];
    await goneFromNow(gone);
    await erase(erased);
    const live = vi.spyOn(t.app.ctx.broadcaster, 'toMember');
    const queued = vi.spyOn(t.app.ctx.mailer, 'queue');
    for (const m of [gone, erased]) {
      await expect(
        notify(t.app.ctx, m.id, 'moderation', {
          key: 'notice:90',
          mail: decisionMail(m, 'Trostnetz: Entscheidung'),
        }),
      ).resolves.toBeUndefined();
      expect(liveTo(live, m)).toEqual([]);
      expect(await stored(m)).toEqual([]);
    }
    expect(queued).not.toHaveBeenCalled();
  });
});

describe('notifications: always-on notices', () => {
  it('always-on rule: the notice mail is the catalogue’s mail with only the details the feature gave (none made up), sent at once by mail only', async () => {
    const b = await member();
    const queued = vi.spyOn(t.app.ctx.mailer, 'queue');
    const live = vi.spyOn(t.app.ctx.broadcaster, 'toMember');
    const url = 'http://localhost:3000/settings';
    await notify(t.app.ctx, b.id, 'security', { mail: 'newSignIn', url });
    await notify(t.app.ctx, b.id, 'security', {
      mail: 'newSignIn',
      url,
      params: { name: 'Firefox auf Linux' },
    });
    const to = { email: b.email, nickname: b.nickname };
    expect(queued.mock.calls).toEqual([
      [mailTemplate('newSignIn', 'de', 'Trostnetz', to, url, { name: '', message: '' })],
      [mailTemplate('newSignIn', 'de', 'Trostnetz', to, url, { name: 'Firefox auf Linux', message: '' })],
    ]);
    expect(liveTo(live, b)).toEqual([]);
    expect(await stored(b)).toEqual([]);
  });

  it('always-on rule: a notice for an account that was erased sends nothing and fails nothing', async () => {
    const erased = await member();
    await erase(erased);
    const queued = vi.spyOn(t.app.ctx.mailer, 'queue');
    await expect(
      notify(t.app.ctx, erased.id, 'security', {
        mail: 'passwordChanged',
        url: 'http://localhost:3000/settings',
      }),
    ).resolves.toBeUndefined();
    expect(queued).not.toHaveBeenCalled();
  });
});

describe('notifications: the mail of fixed kinds', () => {
  it('mail rule: the receipt of a report comes by mail without an unsubscribe link (a fixed kind), says why, leads to /notices, and its Message-ID is its notification', async () => {
    const b = await member();
    await notify(t.app.ctx, b.id, 'report_received', { actorId: null, reportId: 5 });
    const [row] = await t.app.ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, b.id));
    expect(await sendWaitingNotices(t)).toBeGreaterThanOrEqual(1);
    const mails = (await outbox(t)).filter((x) => x.to.includes(b.email) && x.subject.includes('Meldung'));
    expect(mails.map((x) => x.subject)).toEqual([
      'Trostnetz: Deine Meldung ist angekommen, wir sehen sie uns an',
    ]);
    const text = mails[0]!.text;
    expect(text).not.toMatch(/^List-Unsubscribe/m);
    expect(text).toMatch(/^Message-ID: (.*)$/m);
    expect(/^Message-ID: (.*)$/m.exec(text)![1]!.trim()).toBe(`<notice-${row!.id}@localhost>`);
    const lines = text.split(/\r?\n/);
    expect(lines).toContain('Trostnetz öffnen: http://localhost:3000/notices');
    expect(lines).toContain(
      'Diese Hinweise bekommst du immer, weil sie dich unmittelbar betreffen. Welche E-Mails du sonst bekommst, stellst du unter http://localhost:3000/notifications ein.',
    );
  });
});
