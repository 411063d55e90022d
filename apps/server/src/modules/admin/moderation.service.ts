import type {
  AdminAppeal,
  AdminReport,
  AdminReportListItem,
  AppealDecisionBody,
  ModerationRule,
  ReportDecisionBody,
  ReportStatus,
} from '@trostnetz/contracts/admin';
import { APPEAL_WINDOW_DAYS, type ModerationNotice, type MyReport } from '@trostnetz/contracts/moderation';
import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema/chat.ts';
import { comments, posts } from '../../db/schema/groups.ts';
import { appeals, type DecisionRow, moderationDecisions, suspensions } from '../../db/schema/moderation.ts';
import { type ReportSnapshot, reports } from '../../db/schema/safety.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { type Member, users } from '../../db/schema/users.ts';
import { fill } from '../../i18n/catalogue.ts';
import { longDate } from '../../i18n/long-date.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Tx } from '../../lifecycle/member-data.ts';
import { isGone } from '../../policies/members.ts';
import { assertMayActOn, assertNotLastSuperAdmin } from '../../policies/roles.ts';
import { endStaffSessionsOf } from '../auth/sessions.service.ts';
import { announceModeratedMessage, endMemberLive } from '../chat/chat.service.ts';
import { layout } from '../mail/templates.ts';
import { noticeLinkUrl } from '../notifications/notification-links.ts';
import { notify } from '../notifications/notifier.ts';
import { findActiveUser } from '../users/users.service.ts';
import { audit } from './audit.service.ts';

type DbTarget = 'profile' | 'message' | 'post' | 'comment';
type ApiTarget = 'profile' | 'chat_message' | 'post' | 'comment';
const toApi = (t: DbTarget | 'account'): ApiTarget | 'account' => (t === 'message' ? 'chat_message' : t);

const APPEAL_WINDOW_MS = APPEAL_WINDOW_DAYS * 86_400_000;
const EXCERPT = 160;

type Ref = { id: number; nickname: string } | null;
async function refs(
  db: Db,
  ids: Array<number | null | undefined>,
): Promise<(id: number | null | undefined) => Ref> {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
  const rows = wanted.length
    ? await db
        .select({ id: users.id, nickname: users.nickname, deletedAt: users.deletedAt })
        .from(users)
        .where(inArray(users.id, wanted))
    : [];
  return (id) => {
    if (!id) return null;
    const row = rows.find((r) => r.id === id);
    return row ? { id: row.id, nickname: row.deletedAt ? '' : row.nickname } : null;
  };
}

// ── The queue ─────────────────────────────────────────────────────────────────────────────────

/** What is reported: the snapshot's words, or for a profile its current text. */
async function snapshotOf(db: Db, type: DbTarget, targetId: number, snapshot: ReportSnapshot | null) {
  if (snapshot) return snapshot;
  if (type === 'profile') {
    const [u] = await db
      .select({ about: users.about, nickname: users.nickname, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, targetId));
    return {
      title: u?.nickname,
      message: u?.about ?? '',
      author_id: u ? targetId : null,
      created_at: (u?.createdAt ?? new Date()).toISOString(),
    } satisfies ReportSnapshot;
  }
  return { message: '', author_id: null, created_at: new Date(0).toISOString() } satisfies ReportSnapshot;
}

type ReportRow = typeof reports.$inferSelect;

function statusWhere(status: ReportStatus): SQL {
  return eq(reports.status, status);
}

/** The reports of one item that belong together: those not resolved, or those of one decision. */
async function groupOf(db: Db, anchor: ReportRow): Promise<ReportRow[]> {
  return db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.targetType, anchor.targetType),
        eq(reports.targetId, anchor.targetId),
        anchor.decisionId ? eq(reports.decisionId, anchor.decisionId) : ne(reports.status, 'resolved'),
      ),
    )
    .orderBy(asc(reports.id));
}

async function listItem(db: Db, group: ReportRow[], ref: (id: number | null | undefined) => Ref) {
  const first = group[0]!;
  const latest = group.at(-1)!;
  const snap = await snapshotOf(db, first.targetType, first.targetId, latest.snapshot ?? null);
  const reasons = [...new Set(group.map((r) => r.reason))] as AdminReportListItem['reasons'];
  return {
    id: first.id,
    target_type: toApi(first.targetType) as ApiTarget,
    target_id: first.targetId,
    reasons,
    concern: reasons.includes('self_harm'),
    excerpt: [snap.title, snap.message].filter(Boolean).join(' — ').slice(0, EXCERPT),
    report_count: group.length,
    oldest_at: first.createdAt.toISOString(),
    // The oldest report's: taking an item takes every report it has, so one that came in later while
    // the item is in review (still open itself) belongs to that review.
    status: first.status,
    assignee: ref(first.assigneeId),
  } satisfies AdminReportListItem;
}

/**
 * One entry per reported item (however many reported it), reports of concern for a person first,
 * then the oldest. An item is in review while any of its reports is (a report that came in meanwhile
 * joins that review); resolved items are grouped by their decision.
 */
/**
 * SQL over `reports`: the report names something that exists or existed when it was made. Reports on ids
 * that never were (a profile id with no account, a post or comment that had no words to keep) are
 * answered like any other, receipt included, but stay out of the queue and its count.
 */
export const reportOnSomething: SQL = sql`(case ${reports.targetType}
  when 'profile' then exists (select 1 from ${users} u where u.id = ${reports.targetId})
  when 'post' then ${reports.snapshot} is not null or exists (select 1 from ${posts} p where p.id = ${reports.targetId})
  when 'comment' then ${reports.snapshot} is not null
    or exists (select 1 from ${comments} c where c.id = ${reports.targetId})
  else true end)`;

export async function listReports(db: Db, status: ReportStatus): Promise<AdminReportListItem[]> {
  const rows = await db
    .select()
    .from(reports)
    .where(
      and(status === 'resolved' ? statusWhere(status) : ne(reports.status, 'resolved'), reportOnSomething),
    )
    .orderBy(asc(reports.id))
    .limit(2000);
  const groups = new Map<string, ReportRow[]>();
  for (const r of rows) {
    const key = `${r.targetType}:${r.targetId}:${r.decisionId ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const ref = await refs(
    db,
    rows.map((r) => r.assigneeId),
  );
  const items = (await Promise.all([...groups.values()].map((g) => listItem(db, g, ref)))).filter(
    (item) => item.status === status,
  );
  return items.sort((a, b) =>
    a.concern !== b.concern ? (a.concern ? -1 : 1) : a.oldest_at.localeCompare(b.oldest_at) || a.id - b.id,
  );
}

async function reportRow(db: Db, id: number): Promise<ReportRow> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id));
  if (!row) throw new AppError('not_found');
  return row;
}

/** One reported item for staff: the snapshot and its context, every report with its reporter, the decision. */
export async function reportDetail(db: Db, id: number): Promise<AdminReport> {
  const anchor = await reportRow(db, id);
  const group = await groupOf(db, anchor);
  const latest = group.at(-1)!;
  const snap = await snapshotOf(db, anchor.targetType, anchor.targetId, latest.snapshot ?? null);
  const [decision] = anchor.decisionId
    ? await db.select().from(moderationDecisions).where(eq(moderationDecisions.id, anchor.decisionId))
    : [];
  const ref = await refs(db, [
    ...group.map((r) => r.assigneeId),
    ...group.map((r) => r.reporterId),
    snap.author_id,
    ...(snap.context ?? []).map((c) => c.author_id),
    decision?.decidedBy,
  ]);
  const item = await listItem(db, group, ref);
  return {
    ...item,
    snapshot: { title: snap.title ?? null, text: snap.message, created_at: snap.created_at },
    author: ref(snap.author_id),
    context: [
      ...(snap.context ?? []).map((c) => ({
        author_nickname: ref(c.author_id)?.nickname ?? null,
        text: c.message,
        created_at: c.created_at,
        reported: false,
      })),
      ...(anchor.targetType === 'message'
        ? [
            {
              author_nickname: ref(snap.author_id)?.nickname ?? null,
              text: snap.message,
              created_at: snap.created_at,
              reported: true,
            },
          ]
        : []),
    ],
    reports: group.map((r) => ({
      id: r.id,
      reason: r.reason as AdminReport['reports'][number]['reason'],
      details: r.details,
      reporter: ref(r.reporterId),
      created_at: r.createdAt.toISOString(),
    })),
    decision: decision
      ? {
          decision: decision.decision,
          rule: decision.rule,
          statement: decision.statement,
          note: decision.note,
          decided_by: ref(decision.decidedBy),
          decided_at: decision.createdAt.toISOString(),
        }
      : null,
  };
}

const takenByOther = (r: Pick<ReportRow, 'status' | 'assigneeId'>, staff: Member) =>
  r.status === 'in_review' && r.assigneeId !== staff.id;

/**
 * Nobody judges their own case: a report about the staff member's profile or about words they wrote
 * is taken and decided by a colleague (403 report_about_self).
 */
async function refuseOwnCase(db: Db, staff: Member, anchor: ReportRow) {
  const { authorId } = await contentOf(db, anchor.targetType, anchor.targetId, anchor.snapshot ?? null);
  if (authorId === staff.id) throw new AppError('report_about_self');
}

/**
 * Take an item: open → in review, assigned to me (409 report_taken when someone else has it; 403
 * report_about_self when it is about me).
 */
export async function assignReport(ctx: AppContext, staff: Member, id: number) {
  const anchor = await reportRow(ctx.db, id);
  if (anchor.status === 'resolved') throw new AppError('conflict');
  await refuseOwnCase(ctx.db, staff, anchor);
  await ctx.db.transaction(async (tx) => {
    // The item, not only the report named: a report that came in later must not hand a taken item over.
    const item = await tx
      .select({ status: reports.status, assigneeId: reports.assigneeId })
      .from(reports)
      .where(
        and(
          eq(reports.targetType, anchor.targetType),
          eq(reports.targetId, anchor.targetId),
          ne(reports.status, 'resolved'),
        ),
      )
      .for('update');
    if (item.some((r) => takenByOther(r, staff))) throw new AppError('report_taken');
    const taken = await tx
      .update(reports)
      .set({ status: 'in_review', assigneeId: staff.id, updatedAt: new Date() })
      .where(
        and(
          eq(reports.targetType, anchor.targetType),
          eq(reports.targetId, anchor.targetId),
          ne(reports.status, 'resolved'),
        ),
      )
      .returning({ id: reports.id, assigneeId: reports.assigneeId });
    if (!taken.length) throw new AppError('conflict');
    await audit(tx, {
      actorId: staff.id,
      action: 'report.assigned',
      targetType: 'report',
      targetId: anchor.id,
    });
  });
  return reportDetail(ctx.db, id);
}

// ── Deciding ─────────────────────────────────────────────────────────────────────────────────

/** The affected member's own words as they were (only ever shown back to them). */
async function contentOf(db: Db, type: DbTarget, id: number, snap: ReportSnapshot | null) {
  if (type === 'profile') {
    const [u] = await db.select({ about: users.about }).from(users).where(eq(users.id, id));
    // A report may name an id that is no account (reports never tell whether one exists): nobody to decide on.
    return { authorId: u ? id : null, content: u?.about ?? null };
  }
  if (type === 'post') {
    const [p] = await db.select().from(posts).where(eq(posts.id, id));
    return {
      authorId: p?.authorId ?? null,
      content: p ? `${p.title}\n\n${p.message}` : (snap?.message ?? null),
    };
  }
  if (type === 'comment') {
    const [c] = await db.select().from(comments).where(eq(comments.id, id));
    return { authorId: c?.authorId ?? null, content: c?.message ?? snap?.message ?? null };
  }
  const [m] = await db.select().from(messages).where(eq(messages.id, id));
  return { authorId: m?.senderId ?? null, content: m && !m.deletedAt ? m.body : (snap?.message ?? null) };
}

/** Removes the item (or puts it back): others see "removed", the author still their words. */
async function setRemoved(
  db: Db | Tx,
  type: DbTarget,
  id: number,
  decision: DecisionRow | null,
  restore?: string | null,
) {
  const removedAt = decision ? new Date() : null;
  const removedDecisionId = decision?.id ?? null;
  if (type === 'post') await db.update(posts).set({ removedAt, removedDecisionId }).where(eq(posts.id, id));
  else if (type === 'comment')
    await db.update(comments).set({ removedAt, removedDecisionId }).where(eq(comments.id, id));
  else if (type === 'message')
    await db.update(messages).set({ removedAt, removedDecisionId }).where(eq(messages.id, id));
  // A profile text has no "removed" state: it is emptied, and an appeal that wins puts it back.
  else
    await db
      .update(users)
      .set({ about: decision ? null : (restore ?? null), updatedAt: new Date() })
      .where(eq(users.id, id));
}

/** Suspends: no sign-in until `until`; every session, console session and socket ends at once. */
export async function suspendMember(
  tx: Db | Tx,
  input: { memberId: number; until: Date; rule: ModerationRule; decisionId: number; by: number },
) {
  await tx.insert(suspensions).values({
    userId: input.memberId,
    reasonCode: input.rule,
    until: input.until,
    decisionId: input.decisionId,
    createdBy: input.by,
  });
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'suspended' })
    .where(and(eq(sessions.userId, input.memberId), isNull(sessions.revokedAt)));
  await endStaffSessionsOf(tx, input.memberId);
}

/** Parses a suspension's end (a day: up to its end in Berlin, roughly; must lie in the future). */
export function suspensionEnd(day: string | undefined): Date {
  const until = day ? new Date(`${day}T23:59:59+01:00`) : new Date(Number.NaN);
  if (Number.isNaN(until.getTime()) || until.getTime() <= Date.now())
    throw new AppError('validation_failed', { until: ['invalid'] });
  return until;
}

export async function decideReport(ctx: AppContext, staff: Member, id: number, body: ReportDecisionBody) {
  const anchor = await reportRow(ctx.db, id);
  if (anchor.status === 'resolved') throw new AppError('conflict');
  await refuseOwnCase(ctx.db, staff, anchor);
  const group = await groupOf(ctx.db, anchor);
  if (group.some((r) => takenByOther(r, staff))) throw new AppError('report_taken');
  const until = body.decision === 'member_suspended' ? suspensionEnd(body.until) : null;
  const { authorId, content } = await contentOf(
    ctx.db,
    anchor.targetType,
    anchor.targetId,
    group.at(-1)!.snapshot ?? null,
  );
  if (body.decision !== 'no_action' && !authorId) throw new AppError('conflict');
  if (body.decision === 'member_suspended' && authorId) {
    const author = await findActiveUser(ctx.db, authorId);
    if (author) {
      await assertMayActOn(ctx.db, staff, author);
      await assertNotLastSuperAdmin(ctx.db, author);
    }
  }
  const decision = await ctx.db.transaction(async (tx) => {
    const [decision] = await tx
      .insert(moderationDecisions)
      .values({
        targetType: anchor.targetType,
        targetId: anchor.targetId,
        memberId: authorId,
        decision: body.decision,
        rule: body.rule,
        statement: body.statement,
        note: body.note || null,
        content,
        until,
        decidedBy: staff.id,
      })
      .returning();
    const resolved = await tx
      .update(reports)
      .set({ status: 'resolved', decisionId: decision!.id, assigneeId: staff.id, updatedAt: new Date() })
      .where(
        and(
          inArray(
            reports.id,
            group.map((r) => r.id),
          ),
          ne(reports.status, 'resolved'),
        ),
      )
      .returning({ id: reports.id });
    if (resolved.length !== group.length) throw new AppError('conflict');
    if (body.decision === 'content_removed')
      await setRemoved(tx, anchor.targetType, anchor.targetId, decision!);
    if (body.decision === 'member_suspended' && authorId)
      await suspendMember(tx, {
        memberId: authorId,
        until: until!,
        rule: body.rule,
        decisionId: decision!.id,
        by: staff.id,
      });
    await audit(tx, {
      actorId: staff.id,
      action: `report.${body.decision}`,
      targetType: 'report',
      targetId: anchor.id,
      targetLabel: `${toApi(anchor.targetType)}:${anchor.targetId}`,
      reason: body.statement,
    });
    return decision!;
  });
  if (body.decision === 'content_removed' && anchor.targetType === 'message')
    await announceModeratedMessage(ctx, anchor.targetId);
  if (body.decision === 'member_suspended' && authorId) await endMemberLive(ctx, authorId);
  if (body.decision !== 'no_action' && authorId) await tellAffected(ctx, decision);
  // DSA Art. 16(5): each reporter learns that it is decided, as their receipt came (the notifier), once
  // per person; their report's state and the decision's kind show under /notices, never the other person.
  const reporters = new Map<number, number>();
  for (const r of group) if (r.reporterId) reporters.set(r.reporterId, r.id);
  for (const [reporter, reportId] of reporters)
    await notify(ctx, reporter, 'report_decided', { actorId: null, reportId });
  return reportDetail(ctx.db, id);
}

// ── Telling members (the notifier: in the app and by mail). Never the words of a message or post. ──────

async function memberToTell(db: Db, id: number) {
  const [m] = await db.select().from(users).where(eq(users.id, id));
  return m && !isGone(m) ? m : null;
}

export const appealableUntil = (d: Pick<DecisionRow, 'createdAt'>) =>
  new Date(d.createdAt.getTime() + APPEAL_WINDOW_MS);

/** The statement of reasons (DSA Art. 17): what, why, which rule, until when, how to contest. */
export async function tellAffected(ctx: AppContext, decision: DecisionRow) {
  const member = decision.memberId ? await memberToTell(ctx.db, decision.memberId) : null;
  if (!member) return;
  const { locale } = member;
  const { appName: app, appUrl } = ctx.config;
  const text = (key: Parameters<typeof fill>[1], values: Record<string, string> = {}) =>
    fill(locale, key, { app, nickname: member.nickname, ...values });
  const suspended = decision.decision === 'member_suspended';
  const deadline = longDate(locale, appealableUntil(decision));
  const paragraphs = [
    text('mail.greeting'),
    text('mail.moderation.notice.what', { decision: text(`moderation.decision.${decision.decision}`) }),
    text('mail.moderation.notice.target', { target: text(`moderation.target.${decision.targetType}`) }),
    text('mail.moderation.notice.rule', { rule: text(`moderation.rule.${decision.rule}`) }),
    text('mail.moderation.notice.statement', { statement: decision.statement }),
    ...(suspended && decision.until
      ? [text('mail.moderation.notice.until', { date: longDate(locale, decision.until) })]
      : []),
    text('mail.moderation.notice.contest', { date: deadline }),
    text('mail.moderation.notice.contest_other', {
      link: `${appUrl}/customer-service`,
      reference: `E-${decision.id}`,
    }),
  ];
  // A signed link, no sign-in needed: a suspended member contests electronically too (DSA Art. 20).
  const contest = noticeLinkUrl(ctx.config, decision.id, member.id, appealableUntil(decision));
  await notify(ctx, member.id, 'moderation', {
    key: `notice:${decision.id}`,
    mail: layout(
      member.email,
      text('mail.moderation.notice.subject'),
      paragraphs,
      { label: text('mail.moderation.notice.action'), url: contest },
      text('mail.moderation.footer'),
    ),
  });
}

async function tellAppealOutcome(
  ctx: AppContext,
  decision: DecisionRow,
  outcome: 'upheld' | 'reversed',
  statement: string,
) {
  const member = decision.memberId ? await memberToTell(ctx.db, decision.memberId) : null;
  if (!member) return;
  const { appName: app, appUrl } = ctx.config;
  const text = (key: Parameters<typeof fill>[1], values: Record<string, string> = {}) =>
    fill(member.locale, key, { app, nickname: member.nickname, ...values });
  await notify(ctx, member.id, 'moderation', {
    key: `appeal:${decision.id}`,
    mail: layout(
      member.email,
      text('mail.moderation.appeal.subject'),
      [
        text('mail.greeting'),
        text(`mail.moderation.appeal.${outcome}`),
        text('mail.moderation.notice.statement', { statement }),
      ],
      { label: text('mail.moderation.appeal.action'), url: `${appUrl}/notices/${decision.id}` },
      text('mail.moderation.footer'),
    ),
  });
}

// ── The member's side: notices and appeals ────────────────────────────────────────────────────

export async function noticesOf(db: Db, memberId: number): Promise<ModerationNotice[]> {
  const rows = await db
    .select({ d: moderationDecisions, a: appeals })
    .from(moderationDecisions)
    .leftJoin(appeals, eq(appeals.decisionId, moderationDecisions.id))
    .where(and(eq(moderationDecisions.memberId, memberId), ne(moderationDecisions.decision, 'no_action')))
    .orderBy(desc(moderationDecisions.id));
  return rows.map(({ d, a }) => presentNotice(d, a));
}

/** What the member reported and what became of it: kinds and states only, never whom or what. */
export async function reportsBy(db: Db, memberId: number): Promise<MyReport[]> {
  const rows = await db
    .select({ r: reports, decision: moderationDecisions.decision, decidedAt: moderationDecisions.createdAt })
    .from(reports)
    .leftJoin(moderationDecisions, eq(moderationDecisions.id, reports.decisionId))
    .where(eq(reports.reporterId, memberId))
    .orderBy(desc(reports.id))
    .limit(100);
  return rows.map(({ r, decision, decidedAt }) => ({
    id: r.id,
    target_type: toApi(r.targetType) as ApiTarget,
    reason: r.reason as MyReport['reason'],
    created_at: r.createdAt.toISOString(),
    status: r.status,
    decision: r.status === 'resolved' ? decision : null,
    decided_at: r.status === 'resolved' ? (decidedAt?.toISOString() ?? null) : null,
  }));
}

/** A statement of reasons as its member reads it, with their appeal. */
export function presentNotice(d: DecisionRow, a: typeof appeals.$inferSelect | null): ModerationNotice {
  return {
    id: d.id,
    target_type: toApi(d.targetType),
    decision: d.decision,
    rule: d.rule,
    statement: d.statement,
    content: d.content,
    until: d.until?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
    appealable_until: appealableUntil(d).toISOString(),
    appeal: a
      ? { status: a.status, text: a.text, created_at: a.createdAt.toISOString(), statement: a.statement }
      : null,
  };
}

/** Once per notice, within six months of it; only the affected member (anyone else: 404). */
export async function createAppeal(ctx: AppContext, memberId: number, noticeId: number, text: string) {
  const [d] = await ctx.db
    .select()
    .from(moderationDecisions)
    .where(and(eq(moderationDecisions.id, noticeId), eq(moderationDecisions.memberId, memberId)));
  if (!d) throw new AppError('not_found');
  if (d.decision === 'no_action' || d.reversedAt) throw new AppError('not_appealable');
  if (Date.now() > appealableUntil(d).getTime()) throw new AppError('appeal_window_closed');
  const [row] = await ctx.db
    .insert(appeals)
    .values({ decisionId: d.id, memberId, text })
    .onConflictDoNothing()
    .returning({ id: appeals.id });
  if (!row) throw new AppError('appeal_exists');
  return { id: row.id, status: 'open' as const };
}

// ── Appeals for staff ─────────────────────────────────────────────────────────────────────────

export async function listAppeals(db: Db, status: AdminAppeal['status']): Promise<AdminAppeal[]> {
  const rows = await db
    .select({ a: appeals, d: moderationDecisions })
    .from(appeals)
    .innerJoin(moderationDecisions, eq(moderationDecisions.id, appeals.decisionId))
    .where(eq(appeals.status, status))
    .orderBy(asc(appeals.id))
    .limit(500);
  const ref = await refs(
    db,
    rows.flatMap(({ a, d }) => [a.memberId, d.decidedBy]),
  );
  return rows.map(({ a, d }) => ({
    id: a.id,
    text: a.text,
    status: a.status,
    statement: a.statement,
    created_at: a.createdAt.toISOString(),
    member: ref(a.memberId),
    notice: {
      id: d.id,
      decision: d.decision,
      rule: d.rule,
      statement: d.statement,
      content: d.content,
      decided_by: ref(d.decidedBy),
    },
  }));
}

/**
 * Decided by someone other than the first decision's moderator (403 appeal_same_moderator).
 * Reversed undoes it: the content is back, the suspension lifted; the member is told either way.
 */
export async function decideAppeal(ctx: AppContext, staff: Member, id: number, body: AppealDecisionBody) {
  const [row] = await ctx.db
    .select({ a: appeals, d: moderationDecisions })
    .from(appeals)
    .innerJoin(moderationDecisions, eq(moderationDecisions.id, appeals.decisionId))
    .where(eq(appeals.id, id));
  if (!row) throw new AppError('not_found');
  const { a, d } = row;
  if (d.decidedBy === staff.id) throw new AppError('appeal_same_moderator');
  if (a.status !== 'open') throw new AppError('conflict');
  await ctx.db.transaction(async (tx) => {
    const done = await tx
      .update(appeals)
      .set({ status: body.decision, statement: body.statement, decidedBy: staff.id, decidedAt: new Date() })
      .where(and(eq(appeals.id, id), eq(appeals.status, 'open')))
      .returning({ id: appeals.id });
    if (!done.length) throw new AppError('conflict');
    if (body.decision === 'reversed') {
      await tx
        .update(moderationDecisions)
        .set({ reversedAt: new Date() })
        .where(eq(moderationDecisions.id, d.id));
      if (d.decision === 'content_removed' && d.targetType !== 'account')
        await setRemoved(tx, d.targetType, d.targetId, null, d.content);
      if (d.decision === 'member_suspended')
        await tx
          .update(suspensions)
          .set({ liftedAt: new Date() })
          .where(and(eq(suspensions.decisionId, d.id), isNull(suspensions.liftedAt)));
    }
    await audit(tx, {
      actorId: staff.id,
      action: `appeal.${body.decision}`,
      targetType: 'appeal',
      targetId: a.id,
      targetLabel: `notice:${d.id}`,
      reason: body.statement,
    });
  });
  if (body.decision === 'reversed' && d.decision === 'content_removed' && d.targetType === 'message')
    await announceModeratedMessage(ctx, d.targetId);
  await tellAppealOutcome(ctx, d, body.decision, body.statement);
  const [updated] = (await listAppeals(ctx.db, body.decision)).filter((x) => x.id === id);
  return updated!;
}
