import type { ReportDecisionBody } from '@trostnetz/contracts/admin';
import { APPEAL_WINDOW_DAYS } from '@trostnetz/contracts/moderation';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { messages } from '../../db/schema/chat.ts';
import { comments, posts } from '../../db/schema/groups.ts';
import { appeals, auditLog, moderationDecisions } from '../../db/schema/moderation.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { partnerships } from '../../db/schema/partnerships.ts';
import { type ReportSnapshot, reports } from '../../db/schema/safety.ts';
import { users } from '../../db/schema/users.ts';
import { type MemberTokens, onboardMember, registerMember, verifyMember } from '../../test/factories.ts';
import { grantRole, staffSignIn } from '../../test/staff.ts';
import { call, createTestApp, type Json, type TestApp } from '../../test/test-app.ts';
import type { Mail } from '../mail/mailer.ts';

/**
 * The world of moderation-rules.test.ts, made once per file: an onboarded author and reporter in one
 * group, two moderators with console sessions, and every mail the app queues. Each test makes its own
 * posts, messages and reports (and, where an account changes, its own member), so tests run alone and in
 * any order.
 */

export const APPEAL_WINDOW_MS = APPEAL_WINDOW_DAYS * 86_400_000;

export interface Member extends MemberTokens {
  nickname: string;
}
export interface Staff {
  id: number;
  token: string;
  nickname: string;
}
export interface World {
  t: TestApp;
  groupId: number;
  author: Member;
  reporter: Member;
  mod1: Staff;
  mod2: Staff;
  /** Every mail queued since the world was made, oldest first. */
  mails: Mail[];
}

let seq = 0;

export async function openWorld(): Promise<World> {
  const t = await createTestApp();
  const author = { ...(await onboardMember(t, {}, { nickname: 'Regelautorin' })), nickname: 'Regelautorin' };
  const reporter = { ...(await onboardMember(t, {}, { nickname: 'Regelmelder' })), nickname: 'Regelmelder' };
  const staff = async (nickname: string): Promise<Staff> => {
    const m = await registerMember(t, { nickname });
    await verifyMember(t, m);
    await grantRole(t, m.id, 'moderator');
    return { id: m.id, nickname, token: (await staffSignIn(t, m)).token };
  };
  const mod1 = await staff('Regelmod Eins');
  const mod2 = await staff('Regelmod Zwei');
  const groups = await call(t, 'GET', '/api/group', { token: author.token });
  const groupId = (groups.json.categories as Array<{ groups: Array<{ id: number }> }>)[0]!.groups[0]!.id;
  for (const m of [author, reporter])
    expect((await call(t, 'POST', `/api/group/${groupId}/membership`, { token: m.token })).status).toBe(200);
  const mails: Mail[] = [];
  const queue = t.app.ctx.mailer.queue.bind(t.app.ctx.mailer);
  vi.spyOn(t.app.ctx.mailer, 'queue').mockImplementation((mail) => {
    mails.push(mail);
    queue(mail);
  });
  return { t, groupId, author, reporter, mod1, mod2, mails };
}

export const dbOf = (w: World) => w.t.app.ctx.db;

/** A member of its own (verified, not onboarded: what they write is put in place directly). */
export async function newMember(w: World, about: string | null = null): Promise<Member> {
  seq += 1;
  const nickname = `Regelmitglied ${seq}`;
  const m = await registerMember(w.t, { nickname });
  await dbOf(w).update(users).set({ isVerified: true, about }).where(eq(users.id, m.id));
  return { ...m, nickname };
}

/** A post of the author through the API. */
export async function authorPost(w: World, title: string, message: string): Promise<number> {
  const res = await call(w.t, 'POST', '/api/post', {
    token: w.author.token,
    body: { group_id: w.groupId, title, message },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

/** A post of anyone, put in the group directly. */
export async function postOf(w: World, authorId: number, title: string, message: string) {
  const [row] = await dbOf(w)
    .insert(posts)
    .values({ groupId: w.groupId, authorId, title, message })
    .returning({ id: posts.id });
  return row!.id;
}

export async function reportAs(
  w: World,
  who: MemberTokens,
  type: 'post' | 'comment',
  id: number,
  reason = 'harassment',
  details?: string,
): Promise<number> {
  const res = await call(w.t, 'POST', `/api/${type}/${id}/report`, {
    token: who.token,
    body: details ? { reason, details } : { reason },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

/** The reporter reports a post (through the API). */
export const reportPost = (w: World, postId: number, reason = 'harassment', details?: string) =>
  reportAs(w, w.reporter, 'post', postId, reason, details);

export async function reportProfile(w: World, id: number, reason = 'fake_profile') {
  const res = await call(w.t, 'POST', '/api/reports', {
    token: w.reporter.token,
    body: { type: 'profile', id, reason },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

export async function reportMessage(w: World, id: number, reason = 'harassment') {
  const res = await call(w.t, 'POST', `/api/chat/messages/${id}/report`, {
    token: w.reporter.token,
    body: { reason },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

/** A report row put in place directly (for reporters and snapshots the API cannot make). */
export async function insertReport(
  w: World,
  values: {
    reporterId: number | null;
    targetType: 'profile' | 'message' | 'post' | 'comment';
    targetId: number;
    reason: string;
    details?: string | null;
    snapshot?: ReportSnapshot | null;
  },
) {
  const [row] = await dbOf(w).insert(reports).values(values).returning({ id: reports.id });
  return row!.id;
}

export async function reportRow(w: World, id: number) {
  const [row] = await dbOf(w).select().from(reports).where(eq(reports.id, id));
  return row!;
}

/** A befriended pair, the sender and the reporter, for chat messages (a new sender each time). */
export async function chatWithReporter(w: World, sender: Member) {
  const [low, high] = sender.id < w.reporter.id ? [sender.id, w.reporter.id] : [w.reporter.id, sender.id];
  const [row] = await dbOf(w)
    .insert(partnerships)
    .values({ userLow: low, userHigh: high, befriendedAt: new Date() })
    .returning({ id: partnerships.id });
  return row!.id;
}

export async function sendMessage(
  w: World,
  chatId: number,
  from: number,
  to: number,
  body: string,
  sendAt = new Date(),
) {
  const [row] = await dbOf(w)
    .insert(messages)
    .values({ chatId, senderId: from, recipientId: to, body, sendAt })
    .returning();
  return row!;
}

export async function messageRow(w: World, id: number) {
  const [row] = await dbOf(w).select().from(messages).where(eq(messages.id, id));
  return row!;
}

export async function commentRow(w: World, id: number) {
  const [row] = await dbOf(w).select().from(comments).where(eq(comments.id, id));
  return row!;
}

export async function userRow(w: World, id: number) {
  const [row] = await dbOf(w).select().from(users).where(eq(users.id, id));
  return row!;
}

export const decide = (w: World, staff: Staff, reportId: number, body: ReportDecisionBody) =>
  call(w.t, 'POST', `/api/admin/reports/${reportId}/decision`, { token: staff.token, body });

export const detail = async (w: World, staff: Staff, reportId: number) => {
  const res = await call(w.t, 'GET', `/api/admin/reports/${reportId}`, { token: staff.token });
  expect(res.status, res.text).toBe(200);
  return res.json;
};

/** The decision a report was resolved with. */
export async function decisionOf(w: World, reportId: number) {
  const [row] = await dbOf(w)
    .select({ d: moderationDecisions })
    .from(reports)
    .innerJoin(moderationDecisions, eq(moderationDecisions.id, reports.decisionId))
    .where(eq(reports.id, reportId));
  return row!.d;
}

export async function decisionRow(w: World, id: number) {
  const [row] = await dbOf(w).select().from(moderationDecisions).where(eq(moderationDecisions.id, id));
  return row!;
}

/** Decided by `staff` with a restriction; answers the decision (the member's notice). */
export async function decided(w: World, staff: Staff, reportId: number, body: ReportDecisionBody) {
  const res = await decide(w, staff, reportId, body);
  expect(res.status, res.text).toBe(200);
  return decisionOf(w, reportId);
}

export async function appeal(
  w: World,
  m: MemberTokens,
  noticeId: number,
  text = 'Ich widerspreche, bitte prüft das noch einmal.',
) {
  return call(w.t, 'POST', '/api/moderation/appeals', {
    token: m.token,
    body: { notice_id: noticeId, text },
  });
}

export async function appealOf(w: World, decisionId: number) {
  const [row] = await dbOf(w).select().from(appeals).where(eq(appeals.decisionId, decisionId));
  return row!;
}

export const decideAppeal = (
  w: World,
  staff: Staff,
  id: number,
  decision: 'upheld' | 'reversed',
  statement: string,
) =>
  call(w.t, 'POST', `/api/admin/appeals/${id}/decision`, {
    token: staff.token,
    body: { decision, statement },
  });

/** The affected member appeals the notice (201) and the second moderator decides it (200). */
export async function appealDecidedBySecond(
  w: World,
  m: MemberTokens,
  decisionId: number,
  decision: 'upheld' | 'reversed',
  statement: string,
) {
  expect((await appeal(w, m, decisionId)).status).toBe(201);
  const res = await decideAppeal(w, w.mod2, (await appealOf(w, decisionId)).id, decision, statement);
  expect(res.status, res.text).toBe(200);
  return res;
}

/** The newest audit row's id: rows after it are what a step wrote. */
export async function lastAuditId(w: World) {
  const [row] = await dbOf(w).select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row?.id ?? 0;
}

export async function auditAfter(w: World, id: number) {
  const rows = await dbOf(w).select().from(auditLog).where(gt(auditLog.id, id)).orderBy(auditLog.id);
  return rows.map(({ id: _id, createdAt: _at, ...rest }) => rest);
}

/** The notifications of these members (kind, key), oldest first. */
export async function notificationsOf(w: World, memberIds: number[], kind?: string) {
  const rows = await dbOf(w)
    .select({ userId: notifications.userId, kind: notifications.kind, key: notifications.groupKey })
    .from(notifications)
    .where(
      kind
        ? and(inArray(notifications.userId, memberIds), eq(notifications.kind, kind as 'moderation'))
        : inArray(notifications.userId, memberIds),
    )
    .orderBy(notifications.id);
  return rows;
}

export const items = (res: { json: Json }) => res.json.items as Json[];
