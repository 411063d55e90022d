import { APPEAL_WINDOW_DAYS } from '@trostnetz/contracts/moderation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appeals, moderationDecisions } from '../../db/schema/moderation.ts';
import { type MemberTokens, onboardMember, strongPassword } from '../../test/factories.ts';
import { grantRole, staffSignIn } from '../../test/staff.ts';
import { call, createTestApp, type Json, outbox, type TestApp } from '../../test/test-app.ts';
import { noticeLinkUrl } from '../notifications/notification-links.ts';

/**
 * Issue 16 / DSA Art. 20: a suspended member cannot sign in, yet contests electronically. Every mail with
 * a statement of reasons for a restriction carries a signed link that opens that notice and its appeal
 * without signing in: the same rules as in the app (once, within the window, another moderator decides).
 */

let t: TestApp;
let author: MemberTokens;
let reporter: MemberTokens;
let mod1: string;
let mod2: string;
let groupId: number;
const POST_TEXT = 'Ihr versteht alle nichts, lasst mich in Ruhe mit euren Ratschlägen';

beforeAll(async () => {
  t = await createTestApp();
  author = await onboardMember(t);
  reporter = await onboardMember(t);
  const [m1, m2] = [await onboardMember(t), await onboardMember(t)];
  await grantRole(t, m1.id, 'moderator');
  await grantRole(t, m2.id, 'moderator');
  mod1 = (await staffSignIn(t, m1)).token;
  mod2 = (await staffSignIn(t, m2)).token;
  const groups = await call(t, 'GET', '/api/group', { token: author.token });
  groupId = (groups.json.categories as Array<{ groups: Array<{ id: number }> }>)[0]!.groups[0]!.id;
  for (const m of [author, reporter])
    expect((await call(t, 'POST', `/api/group/${groupId}/membership`, { token: m.token })).status).toBe(200);
});
afterAll(() => t.close());

/** A post by the author, reported, decided by moderator 1; answers the notice's id. */
async function decidedPost(decision: 'content_removed' | 'member_warned', statement: string) {
  const post = await call(t, 'POST', '/api/post', {
    token: author.token,
    body: { group_id: groupId, title: 'Genug', message: POST_TEXT },
  });
  const report = await call(t, 'POST', `/api/post/${post.json.id}/report`, {
    token: reporter.token,
    body: { reason: 'harassment' },
  });
  const res = await call(t, 'POST', `/api/admin/reports/${report.json.id}/decision`, {
    token: mod1,
    body: { decision, rule: 'respect', statement },
  });
  expect(res.status, res.text).toBe(200);
  const [row] = await t.app.ctx.db
    .select()
    .from(moderationDecisions)
    .where(eq(moderationDecisions.statement, statement));
  return row!;
}

/** The link of the statement-of-reasons mail about this notice, as the member would open it. */
async function mailedLink(m: MemberTokens, noticeId: number) {
  // Each mail has a text and an HTML part, so a link shows twice (the HTML one with &amp;).
  const links = [
    ...new Set(
      (await outbox(t))
        .filter((x) => x.to.includes(m.email))
        .flatMap((x) => x.links)
        .map((l) => l.replaceAll('&amp;', '&'))
        .filter((l) => l.includes(`/notices/${noticeId}/appeal?`)),
    ),
  ];
  expect(links, `one signed link for notice ${noticeId}`).toHaveLength(1);
  const url = new URL(links[0]!);
  return { api: `/api/moderation/notice-links/${noticeId}${url.search}`, search: url.search, url };
}

const exactNotice = (d: typeof moderationDecisions.$inferSelect, appeal: Json | null = null) => ({
  id: d.id,
  target_type: d.targetType === 'message' ? 'chat_message' : d.targetType,
  decision: d.decision,
  rule: d.rule,
  statement: d.statement,
  until: d.until?.toISOString() ?? null,
  created_at: d.createdAt.toISOString(),
  appealable_until: new Date(d.createdAt.getTime() + APPEAL_WINDOW_DAYS * 86_400_000).toISOString(),
  appeal,
});

describe('issue 16 / DSA Art. 20: the signed link of a statement of reasons, without signing in', () => {
  let suspended: MemberTokens;
  let notice: typeof moderationDecisions.$inferSelect;
  let link: Awaited<ReturnType<typeof mailedLink>>;

  it('every statement-of-reasons mail of a restriction (removed content, a warning, a suspension) carries the signed link', async () => {
    const removed = await decidedPost('content_removed', 'Der Beitrag greift andere direkt an.');
    const warned = await decidedPost('member_warned', 'Bitte achte auf einen freundlichen Ton.');
    suspended = await onboardMember(t);
    const until = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const res = await call(t, 'POST', `/api/admin/members/${suspended.id}/suspension`, {
      token: mod1,
      body: {
        reason_code: 'harassment',
        text: 'Drohungen in mehreren Chats.',
        until,
        password: strongPassword,
      },
    });
    expect(res.status, res.text).toBe(204);
    const [row] = await t.app.ctx.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.memberId, suspended.id));
    notice = row!;
    for (const [m, id] of [
      [author, removed.id],
      [author, warned.id],
      [suspended, notice.id],
    ] as const) {
      const { url } = await mailedLink(m, id);
      expect(url.origin + url.pathname).toBe(`http://localhost:3000/notices/${id}/appeal`);
      expect([...url.searchParams.keys()]).toEqual(['u', 'e', 's']);
      expect(url.searchParams.get('u')).toBe(String(m.id));
    }
    link = await mailedLink(suspended, notice.id);
    const mail = (await outbox(t)).find(
      (x) => x.to.includes(suspended.email) && x.text.includes('Drohungen'),
    )!;
    expect(mail.text).toContain('über den Link unten, auch ohne dich anzumelden');
  });

  it('the suspended member cannot sign in, but the link opens that notice: exactly it, with no member data', async () => {
    const login = await call(t, 'POST', '/api/auth/tokens', {
      body: { username: suspended.email, password: strongPassword },
    });
    expect(login.json.code).toBe('account_suspended');
    const res = await call(t, 'GET', link.api);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual(exactNotice(notice));
  });

  it('removed content: the link shows the notice without the member’s own words', async () => {
    const removed = await decidedPost('content_removed', 'Persönlicher Angriff auf ein Mitglied.');
    const { api } = await mailedLink(author, removed.id);
    const res = await call(t, 'GET', api);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(exactNotice(removed));
    expect(res.text).not.toContain(POST_TEXT);
    // In the app, signed in, the author still reads their words with the notice.
    const own = await call(t, 'GET', '/api/moderation/notices', { token: author.token });
    expect((own.json.items as Json[]).find((n) => n.id === removed.id)!.content).toContain(POST_TEXT);
  });

  it('the appeal through the link: 201 without signing in, once per notice (409 appeal_exists), and the notice shows it', async () => {
    const first = await call(t, 'POST', `/api/moderation/notice-links/${notice.id}/appeal${link.search}`, {
      body: { text: 'Ich habe niemandem gedroht, das war ein Missverständnis.' },
    });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toEqual({ id: expect.any(Number), status: 'open' });
    const [stored] = await t.app.ctx.db.select().from(appeals).where(eq(appeals.decisionId, notice.id));
    expect(stored).toMatchObject({
      memberId: suspended.id,
      text: 'Ich habe niemandem gedroht, das war ein Missverständnis.',
      status: 'open',
    });
    const again = await call(t, 'POST', `/api/moderation/notice-links/${notice.id}/appeal${link.search}`, {
      body: { text: 'Noch einmal, bitte prüft es.' },
    });
    expect([again.status, again.json.code]).toEqual([409, 'appeal_exists']);
    const seen = await call(t, 'GET', link.api);
    // The appeal's state and date; not its text (a link can be forwarded).
    expect(seen.json).toEqual(
      exactNotice(notice, { status: 'open', created_at: stored!.createdAt.toISOString(), statement: null }),
    );
  });

  it('an appeal made through the link is decided by another moderator than the first (403 for the same one)', async () => {
    const list = await call(t, 'GET', '/api/admin/appeals', { token: mod2 });
    const appeal = (list.json.items as Json[]).find((a) => (a.notice as Json).id === notice.id)!;
    expect(appeal).toMatchObject({ status: 'open', member: { id: suspended.id } });
    const same = await call(t, 'POST', `/api/admin/appeals/${appeal.id}/decision`, {
      token: mod1,
      body: { decision: 'upheld', statement: 'Ich bleibe dabei.' },
    });
    expect([same.status, same.json.code]).toEqual([403, 'appeal_same_moderator']);
    const other = await call(t, 'POST', `/api/admin/appeals/${appeal.id}/decision`, {
      token: mod2,
      body: { decision: 'reversed', statement: 'Die Nachrichten waren keine Drohungen.' },
    });
    expect(other.status, other.text).toBe(200);
    // Reversed: the suspension is lifted and the member signs in again; the link shows the answer.
    const login = await call(t, 'POST', '/api/auth/tokens', {
      body: { username: suspended.email, password: strongPassword },
    });
    expect(login.status).toBe(200);
    const seen = await call(t, 'GET', link.api);
    expect(seen.json.appeal).toEqual({
      status: 'reversed',
      created_at: expect.any(String),
      statement: 'Die Nachrichten waren keine Drohungen.',
    });
  });

  it('both sides of the appeal window through the link: a minute after it closed 403 appeal_window_closed, a minute before 201', async () => {
    const d = await decidedPost('member_warned', 'Zweite Verwarnung wegen des Tons.');
    const { search } = await mailedLink(author, d.id);
    const decidedAgo = (ms: number) =>
      t.app.ctx.db
        .update(moderationDecisions)
        .set({ createdAt: new Date(Date.now() - ms) })
        .where(eq(moderationDecisions.id, d.id));
    const windowMs = APPEAL_WINDOW_DAYS * 86_400_000;
    const appeal = () =>
      call(t, 'POST', `/api/moderation/notice-links/${d.id}/appeal${search}`, {
        body: { text: 'Ich widerspreche dieser Verwarnung.' },
      });
    await decidedAgo(windowMs + 60_000);
    const late = await appeal();
    expect([late.status, late.json.code]).toEqual([403, 'appeal_window_closed']);
    await decidedAgo(windowMs - 60_000);
    expect((await appeal()).status).toBe(201);
  });

  it('a forged or altered link is 403 invalid_link, an expired one 410 link_expired; nothing is stored', async () => {
    const d = await decidedPost('member_warned', 'Dritte Verwarnung, bitte freundlicher.');
    const { url } = await mailedLink(author, d.id);
    const q = Object.fromEntries(url.searchParams) as { u: string; e: string; s: string };
    const query = (over: Partial<typeof q>) => `?${new URLSearchParams({ ...q, ...over })}`;
    const flipped = `${q.s.slice(0, -1)}${q.s.endsWith('A') ? 'B' : 'A'}`;
    const cases: Array<[string, string, number, string]> = [
      [
        'signature changed',
        `/api/moderation/notice-links/${d.id}${query({ s: flipped })}`,
        403,
        'invalid_link',
      ],
      [
        'another member',
        `/api/moderation/notice-links/${d.id}${query({ u: String(reporter.id) })}`,
        403,
        'invalid_link',
      ],
      [
        'a later end',
        `/api/moderation/notice-links/${d.id}${query({ e: String(Number(q.e) + 86_400) })}`,
        403,
        'invalid_link',
      ],
      ['another notice', `/api/moderation/notice-links/${notice.id}${query({})}`, 403, 'invalid_link'],
      ['made up', `/api/moderation/notice-links/${d.id}${query({ s: 'x'.repeat(43) })}`, 403, 'invalid_link'],
    ];
    // A link signed the right way whose appeal window has ended.
    const expired = new URL(noticeLinkUrl(t.config, d.id, author.id, new Date(Date.now() - 60_000)));
    cases.push(['expired', `/api/moderation/notice-links/${d.id}${expired.search}`, 410, 'link_expired']);
    for (const [what, url, status, code] of cases) {
      const read = await call(t, 'GET', url, { locale: 'en' });
      expect([what, read.status, read.json.code], what).toEqual([what, status, code]);
      const path = url.replace(/\?/, '/appeal?');
      const sent = await call(t, 'POST', path, { body: { text: 'Ich widerspreche dieser Verwarnung.' } });
      expect([what, sent.status, sent.json.code], what).toEqual([what, status, code]);
    }
    const expiredRead = await call(t, 'GET', `/api/moderation/notice-links/${d.id}${expired.search}`, {
      locale: 'en',
    });
    expect(expiredRead.json.message).toBe(
      'This link has expired. If you need help, write to our customer service.',
    );
    expect(await t.app.ctx.db.select().from(appeals).where(eq(appeals.decisionId, d.id))).toEqual([]);
    // A link that still holds a minute: the notice opens.
    const fresh = new URL(noticeLinkUrl(t.config, d.id, author.id, new Date(Date.now() + 60_000)));
    expect((await call(t, 'GET', `/api/moderation/notice-links/${d.id}${fresh.search}`)).status).toBe(200);
  });

  it('a link without its parts or with a broken id is 422, never 500', async () => {
    for (const url of [
      '/api/moderation/notice-links/1',
      '/api/moderation/notice-links/1?u=1&e=1',
      '/api/moderation/notice-links/1?u=abc&e=1&s=x',
      '/api/moderation/notice-links/1?u=1&e=soon&s=x',
      '/api/moderation/notice-links/abc?u=1&e=1&s=x',
    ]) {
      const res = await call(t, 'GET', url);
      expect(res.status, url).toBe(422);
    }
    const empty = await call(t, 'POST', `/api/moderation/notice-links/${notice.id}/appeal${link.search}`, {
      body: { text: '' },
    });
    expect(empty.status).toBe(422);
  });
});
