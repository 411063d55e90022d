import { APPEAL_WINDOW_DAYS } from '@trostnetz/contracts/moderation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, moderationDecisions } from '../../db/schema/moderation.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { type MemberTokens, onboardMember, strongPassword } from '../../test/factories.ts';
import { sendWaitingNotices } from '../../test/notices.ts';
import { grantRole, staffSignIn } from '../../test/staff.ts';
import { call, createTestApp, type Json, outbox, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 16 "Done means": each moderation action changes what it says and writes exactly one audit
 * row; statements of reasons and outcomes are mailed (without the words of the post); an appeal is
 * never decided by the moderator of the first decision; a suspended member's tokens and sockets end at once.
 */

let t: TestApp;
let author: MemberTokens;
let reporter: MemberTokens;
let mod1: string;
let mod2: string;
let auditor: string;
let mod1Id: number;
let groupId: number;

const auditRows = async () => t.app.ctx.db.select().from(auditLog);
const POST_TEXT = 'Niemand versteht mich hier, ihr seid alle';

beforeAll(async () => {
  t = await createTestApp();
  author = await onboardMember(t);
  reporter = await onboardMember(t);
  const m1 = await onboardMember(t);
  const m2 = await onboardMember(t);
  await grantRole(t, m1.id, 'moderator');
  await grantRole(t, m2.id, 'moderator');
  mod1Id = m1.id;
  mod1 = (await staffSignIn(t, m1)).token;
  mod2 = (await staffSignIn(t, m2)).token;
  const a = await onboardMember(t);
  await grantRole(t, a.id, 'admin');
  auditor = (await staffSignIn(t, a)).token;
  const groups = await call(t, 'GET', '/api/group', { token: author.token });
  groupId = (groups.json.categories as Array<{ groups: Array<{ id: number }> }>)[0]!.groups[0]!.id;
  for (const m of [author, reporter])
    expect((await call(t, 'POST', `/api/group/${groupId}/membership`, { token: m.token })).status).toBe(200);
});
afterAll(() => t.close());

async function reportedPost(reason = 'harassment') {
  const post = await call(t, 'POST', '/api/post', {
    token: author.token,
    body: { group_id: groupId, title: 'Wut', message: POST_TEXT },
  });
  expect(post.status).toBe(201);
  const id = post.json.id as number;
  const rep = await call(t, 'POST', `/api/post/${id}/report`, { token: reporter.token, body: { reason } });
  expect(rep.status).toBe(201);
  return { postId: id, reportId: rep.json.id as number };
}

describe('issue 16 moderation: queue → take → decide → statement of reasons → appeal → another moderator', () => {
  let postId: number;
  let reportId: number;
  let noticeId: number;

  it('the queue holds one entry per item with its reasons and count; reports of concern come first and are marked', async () => {
    ({ postId, reportId } = await reportedPost());
    // A second reporter on the same post counts, it does not add an entry.
    const other = await onboardMember(t);
    await call(t, 'POST', `/api/group/${groupId}/membership`, { token: other.token });
    await call(t, 'POST', `/api/post/${postId}/report`, {
      token: other.token,
      body: { reason: 'inappropriate' },
    });
    const concern = await reportedPost('self_harm');
    const queue = await call(t, 'GET', '/api/admin/reports', { token: mod1 });
    expect(queue.status).toBe(200);
    const items = queue.json.items as Json[];
    expect(items[0]).toMatchObject({ id: concern.reportId, concern: true });
    const item = items.find((i) => i.target_id === postId)!;
    expect(item).toMatchObject({ target_type: 'post', report_count: 2, status: 'open', concern: false });
    expect(item.reasons).toEqual(['harassment', 'inappropriate']);
    const detail = await call(t, 'GET', `/api/admin/reports/${reportId}`, { token: mod1 });
    expect(detail.json.snapshot).toMatchObject({ title: 'Wut', text: POST_TEXT });
    expect((detail.json.reports as Json[]).map((r) => (r.reporter as Json).id)).toContain(reporter.id);
  });

  it('taking a report puts it in review for me and writes one audit row; another moderator cannot take it', async () => {
    const before = (await auditRows()).length;
    const taken = await call(t, 'POST', `/api/admin/reports/${reportId}/assign`, { token: mod1 });
    expect(taken.status).toBe(200);
    expect(taken.json).toMatchObject({ status: 'in_review', assignee: { id: mod1Id } });
    expect((await auditRows()).length).toBe(before + 1);
    const stolen = await call(t, 'POST', `/api/admin/reports/${reportId}/assign`, { token: mod2 });
    expect([stolen.status, stolen.json.code]).toEqual([409, 'report_taken']);
    expect((await auditRows()).length).toBe(before + 1);
  });

  it('removing the post: others see it removed, the author still their words with the notice; one audit row; mails without the words', async () => {
    const before = await auditRows();
    const res = await call(t, 'POST', `/api/admin/reports/${reportId}/decision`, {
      token: mod1,
      body: {
        decision: 'content_removed',
        rule: 'harassment',
        statement: 'Der Beitrag greift andere Mitglieder an.',
        note: 'intern: zweite Meldung',
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      status: 'resolved',
      decision: { decision: 'content_removed', rule: 'harassment' },
    });
    const after = await auditRows();
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      actorId: mod1Id,
      action: 'report.content_removed',
      reason: 'Der Beitrag greift andere Mitglieder an.',
    });
    const seen = await call(t, 'GET', `/api/post/${postId}`, { token: reporter.token });
    expect(seen.json).toMatchObject({ state: 'removed', message: '', title: '', notice_id: null });
    const own = await call(t, 'GET', `/api/post/${postId}`, { token: author.token });
    expect(own.json).toMatchObject({ state: 'removed', message: POST_TEXT, notice_id: expect.any(Number) });
    noticeId = own.json.notice_id as number;
    // The reporter's outcome comes through the notifier, as every notice does (its mail job runs later).
    await sendWaitingNotices(t);
    const mails = await outbox(t);
    const statement = mails.find((m) => m.to.includes(author.email) && m.text.includes('Der Beitrag greift'));
    expect(statement, 'statement of reasons mailed to the author').toBeDefined();
    expect(statement!.text).toContain(`/notices/${noticeId}`);
    expect(statement!.text).not.toContain(POST_TEXT);
    const outcome = mails.find(
      (m) =>
        m.to.includes(reporter.email) && m.text.includes('Wir haben deine Meldung geprüft und entschieden'),
    );
    expect(outcome, 'outcome mailed to the reporter').toBeDefined();
    expect(outcome!.text).not.toContain(POST_TEXT);
    expect(outcome!.text).not.toContain('Der Beitrag greift');
    const bell = await call(t, 'GET', '/api/notifications', { token: author.token });
    expect((bell.json.data as Json[]).find((n) => n.kind === 'moderation')).toMatchObject({
      url: `/notices/${noticeId}`,
    });
  });

  it('the author reads the statement of reasons and appeals once, within six months', async () => {
    const notices = await call(t, 'GET', '/api/moderation/notices', { token: author.token });
    expect(notices.status).toBe(200);
    const notice = (notices.json.items as Json[])[0]!;
    expect(notice).toMatchObject({
      id: noticeId,
      target_type: 'post',
      decision: 'content_removed',
      rule: 'harassment',
      statement: 'Der Beitrag greift andere Mitglieder an.',
      appeal: null,
    });
    expect(Date.parse(notice.appealable_until as string) - Date.now()).toBeGreaterThan(180 * 86_400_000);
    // Nobody else sees it or appeals it.
    expect((await call(t, 'GET', '/api/moderation/notices', { token: reporter.token })).json.items).toEqual(
      [],
    );
    const foreign = await call(t, 'POST', '/api/moderation/appeals', {
      token: reporter.token,
      body: { notice_id: noticeId, text: 'Ich widerspreche für jemand anderen.' },
    });
    expect(foreign.status).toBe(404);
    // Both sides of the six months: a minute after the window the appeal is refused, a minute before it goes.
    const decidedAgo = async (ms: number) =>
      t.app.ctx.db
        .update(moderationDecisions)
        .set({ createdAt: new Date(Date.now() - ms) })
        .where(eq(moderationDecisions.id, noticeId));
    const windowMs = APPEAL_WINDOW_DAYS * 86_400_000;
    await decidedAgo(windowMs + 60_000);
    const late = await call(t, 'POST', '/api/moderation/appeals', {
      token: author.token,
      body: { notice_id: noticeId, text: 'Ich widerspreche spät, aber ich widerspreche.' },
    });
    expect(late.json.code).toBe('appeal_window_closed');
    await decidedAgo(windowMs - 60_000);
    const appeal = await call(t, 'POST', '/api/moderation/appeals', {
      token: author.token,
      body: { notice_id: noticeId, text: 'Ich war wütend, aber ich habe niemanden beleidigt.' },
    });
    expect(appeal.status).toBe(201);
    const twice = await call(t, 'POST', '/api/moderation/appeals', {
      token: author.token,
      body: { notice_id: noticeId, text: 'Noch einmal, bitte prüft es.' },
    });
    expect([twice.status, twice.json.code]).toEqual([409, 'appeal_exists']);
  });

  it('the moderator who decided cannot decide the appeal (403); another one reverses it: the post is back, one audit row, the author is told', async () => {
    const list = await call(t, 'GET', '/api/admin/appeals', { token: mod2 });
    const appeal = (list.json.items as Json[]).find((a) => (a.notice as Json).id === noticeId)!;
    expect(appeal).toMatchObject({ status: 'open', member: { id: author.id } });
    const before = (await auditRows()).length;
    const same = await call(t, 'POST', `/api/admin/appeals/${appeal.id}/decision`, {
      token: mod1,
      body: { decision: 'upheld', statement: 'Ich bleibe dabei.' },
    });
    expect([same.status, same.json.code]).toEqual([403, 'appeal_same_moderator']);
    expect((await auditRows()).length).toBe(before);
    const other = await call(t, 'POST', `/api/admin/appeals/${appeal.id}/decision`, {
      token: mod2,
      body: { decision: 'reversed', statement: 'Wütend, aber kein Angriff auf andere.' },
    });
    expect(other.status, other.text).toBe(200);
    expect(other.json).toMatchObject({ status: 'reversed' });
    const rows = await auditRows();
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({
      action: 'appeal.reversed',
      reason: 'Wütend, aber kein Angriff auf andere.',
    });
    const seen = await call(t, 'GET', `/api/post/${postId}`, { token: reporter.token });
    expect(seen.json).toMatchObject({ state: 'visible', message: POST_TEXT });
    const told = (await outbox(t)).find(
      (m) => m.to.includes(author.email) && m.text.includes('Wütend, aber kein Angriff'),
    );
    expect(told, 'appeal outcome mailed').toBeDefined();
    const notices = await call(t, 'GET', '/api/moderation/notices', { token: author.token });
    expect((notices.json.items as Json[])[0]!.appeal).toMatchObject({ status: 'reversed' });
  });

  it('the audit log shows all of it to staff, filterable by actor, action, target and time', async () => {
    // Decision 008: the log watches staff, so moderators do not read it; admins do.
    expect((await call(t, 'GET', '/api/admin/audit', { token: mod2 })).status).toBe(403);
    const all = await call(t, 'GET', '/api/admin/audit', { token: auditor });
    expect(all.status).toBe(200);
    const actions = (all.json.items as Json[]).map((i) => i.action);
    for (const a of ['report.assigned', 'report.content_removed', 'appeal.reversed'])
      expect(actions).toContain(a);
    const mine = await call(t, 'GET', `/api/admin/audit?actor=${mod1Id}&action=report.content_removed`, {
      token: auditor,
    });
    expect(mine.json.items).toEqual([
      expect.objectContaining({
        actor: { id: mod1Id, nickname: expect.any(String) },
        reason: 'Der Beitrag greift andere Mitglieder an.',
      }),
    ]);
    const byTarget = await call(t, 'GET', `/api/admin/audit?target=report:${reportId}`, { token: auditor });
    expect((byTarget.json.items as Json[]).length).toBe(2);
    const future = await call(t, 'GET', '/api/admin/audit?from=2999-01-01', { token: auditor });
    expect(future.json.items).toEqual([]);
    expect((await call(t, 'GET', '/api/admin/audit?target=DROP TABLE', { token: auditor })).status).toBe(422);
  });

  it('the audit log is append-only: the database refuses to change or delete a row', async () => {
    await expect(t.app.ctx.db.update(auditLog).set({ reason: 'geändert' })).rejects.toThrow();
    await expect(t.app.ctx.db.delete(auditLog)).rejects.toThrow();
    expect((await auditRows()).every((r) => r.reason !== 'geändert')).toBe(true);
  });

  it('bad decisions are 422 (suspension without an end, an unknown rule) and change nothing', async () => {
    const { reportId: id } = await reportedPost();
    const before = (await auditRows()).length;
    for (const body of [
      { decision: 'member_suspended', rule: 'harassment', statement: 'Sperre.' },
      { decision: 'member_suspended', rule: 'harassment', statement: 'Sperre.', until: '2001-01-01' },
      { decision: 'content_removed', rule: 'nope', statement: 'x' },
      { decision: 'content_removed', rule: 'spam', statement: '' },
    ]) {
      const res = await call(t, 'POST', `/api/admin/reports/${id}/decision`, { token: mod1, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await auditRows()).length).toBe(before);
    const still = await call(t, 'GET', `/api/admin/reports/${id}`, { token: mod1 });
    expect(still.json.status).toBe('open');
  });
});

describe('issue 16 suspension: tokens and sockets end at once, sign-in refused until the end date', () => {
  it('a suspended member is signed out everywhere at once, cannot sign in (403 account_suspended with until) and is mailed the reasons at once, also in quiet hours', async () => {
    const { reportId } = await reportedPost();
    const disconnect = vi.spyOn(t.app.ctx.broadcaster, 'disconnectMember');
    // Quiet hours around the present hour: a statement of reasons is not held back by them.
    const hour = new Date().getUTCHours();
    const quiet = await call(t, 'PUT', '/api/user/notifications', {
      token: author.token,
      body: { quiet_hours: { start: hour, end: (hour + 2) % 24 }, time_zone: 'UTC' },
    });
    expect(quiet.status, quiet.text).toBe(200);
    expect((await call(t, 'GET', '/api/notifications', { token: author.token })).status).toBe(200);
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const res = await call(t, 'POST', `/api/admin/reports/${reportId}/decision`, {
      token: mod2,
      body: { decision: 'member_suspended', rule: 'harassment', statement: 'Wiederholte Angriffe.', until },
    });
    expect(res.status, res.text).toBe(200);
    expect(disconnect).toHaveBeenCalledWith(author.id);
    expect((await call(t, 'GET', '/api/notifications', { token: author.token })).status).toBe(401);
    const refresh = await call(t, 'GET', '/api/auth/tokens/refresh', { token: author.refresh_token });
    expect(refresh.status).toBe(401);
    const login = await call(t, 'POST', '/api/auth/tokens', {
      body: { username: author.email, password: strongPassword },
    });
    expect([login.status, login.json.code]).toEqual([403, 'account_suspended']);
    expect((login.json.until as string).slice(0, 10)).toBe(until);
    const mail = (await outbox(t)).find(
      (m) => m.to.includes(author.email) && m.text.includes('Wiederholte Angriffe'),
    );
    expect(mail, 'statement of reasons for the suspension mailed').toBeDefined();
    expect(mail!.text).toContain('/customer-service');
    // And in the app, for when the suspension ends: one unread moderation notice naming this decision.
    const notice = await t.app.ctx.db
      .select({ kind: notifications.kind, key: notifications.groupKey, inApp: notifications.inApp })
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.kind, 'moderation')));
    const [suspension] = await t.app.ctx.db
      .select({ id: moderationDecisions.id })
      .from(moderationDecisions)
      .where(
        and(
          eq(moderationDecisions.memberId, author.id),
          eq(moderationDecisions.decision, 'member_suspended'),
        ),
      );
    expect(notice.filter((n) => n.key === `notice:${suspension!.id}`)).toEqual([
      { kind: 'moderation', key: `notice:${suspension!.id}`, inApp: 'yes' },
    ]);
  });
});
