import type {
  AdminCategory,
  AdminFaqEntry,
  AdminGroup,
  AdminPlan,
  AdminStats,
  AdminSupportRequest,
  UpdateGroupBody,
} from '@trostnetz/contracts/admin';
import type { ContentSlug } from '@trostnetz/contracts/content';
import type { Locale } from '@trostnetz/contracts/messages';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { contentPages, faqEntries } from '../../db/schema/content.ts';
import { groupCategories, groupMembers, groups } from '../../db/schema/groups.ts';
import { plans, subscriptions } from '../../db/schema/payments.ts';
import { supportRequests } from '../../db/schema/support.ts';
import type { Member } from '../../db/schema/users.ts';
import { fill } from '../../i18n/catalogue.ts';
import { AppError } from '../../lib/app-error.ts';
import { layout } from '../mail/templates.ts';
import { findActiveUser, mailLocale } from '../users/users.service.ts';
import { audit } from './audit.service.ts';
import { reportOnSomething } from './moderation.service.ts';

// ── Dashboard figures: counts only, never who or what ───────────────────────────────────────────

const n = (v: unknown) => Number(v ?? 0);

/**
 * Per day (Berlin): new accounts, addresses verified and questionnaires first finished that day
 * (`onboarded_at`); active members (wrote a message, post or comment that day); messages and posts; the send
 * prompt's choices (send_prompt_counts). Open reports and the oldest; premium
 * contracts running; where members came from (registration attribution).
 */
export async function stats(db: Db, days: number): Promise<AdminStats> {
  const res = await db.execute(sql`
    with d as (
      select generate_series((now() at time zone 'Europe/Berlin')::date - ${days - 1}::int,
        (now() at time zone 'Europe/Berlin')::date, interval '1 day')::date as day
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
      (select count(*) from users u where (u.created_at at time zone 'Europe/Berlin')::date = d.day and u.deleted_at is null) as new,
      (select count(*) from users u where (u.email_verified_at at time zone 'Europe/Berlin')::date = d.day and u.deleted_at is null) as verified,
      (select count(*) from users u where (u.onboarded_at at time zone 'Europe/Berlin')::date = d.day and u.deleted_at is null) as onboarded,
      (select count(distinct a) from (
        select sender_id as a from messages m where (m.send_at at time zone 'Europe/Berlin')::date = d.day
        union select author_id from posts p where (p.created_at at time zone 'Europe/Berlin')::date = d.day
        union select author_id from comments c where (c.created_at at time zone 'Europe/Berlin')::date = d.day
      ) x where a is not null) as active,
      (select count(*) from messages m where (m.send_at at time zone 'Europe/Berlin')::date = d.day) as messages,
      (select count(*) from posts p where (p.created_at at time zone 'Europe/Berlin')::date = d.day) as posts,
      (select coalesce(sum(count), 0) from send_prompt_counts s where s.day = d.day and s.choice = 'change') as prompts_changed,
      (select coalesce(sum(count), 0) from send_prompt_counts s where s.day = d.day and s.choice = 'send') as prompts_sent
    from d order by d.day`);
  const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows;
  const totals = (await db.execute(sql`select
      (select count(*) from users where deleted_at is null) as members,
      (select count(*) from reports where status <> 'resolved' and ${reportOnSomething}) as open_reports,
      (select min(created_at) from reports where status <> 'resolved' and ${reportOnSomething}) as oldest,
      (select count(*) from subscriptions where status in ('active', 'past_due')) as premium`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const t = totals.rows[0] ?? {};
  const sources =
    (await db.execute(sql`select coalesce(utm_source, referring_domain, 'direct') as source, count(*) as count
      from signup_attributions group by 1 order by 2 desc limit 20`)) as unknown as {
      rows: Record<string, unknown>[];
    };
  const oldest = t.oldest ? new Date(t.oldest as string) : null;
  return {
    days: rows.map((r) => ({
      day: String(r.day),
      new: n(r.new),
      verified: n(r.verified),
      onboarded: n(r.onboarded),
      active: n(r.active),
      messages: n(r.messages),
      posts: n(r.posts),
      prompts_changed: n(r.prompts_changed),
      prompts_sent: n(r.prompts_sent),
    })),
    members_total: n(t.members),
    open_reports: { count: n(t.open_reports), oldest_at: oldest ? oldest.toISOString() : null },
    premium: { active: n(t.premium) },
    attribution: sources.rows.map((s) => ({ source: String(s.source), count: n(s.count) })),
  };
}

// ── Groups and categories ───────────────────────────────────────────────────────────────────────

const slugOf = (name: string) =>
  `${
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ß/g, 'ss')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'gruppe'
  }-${Date.now().toString(36)}`;

export async function listAdminCategories(db: Db): Promise<AdminCategory[]> {
  const rows = await db
    .select()
    .from(groupCategories)
    .orderBy(asc(groupCategories.position), asc(groupCategories.id));
  return rows.map((c) => ({
    id: c.id,
    name_de: c.name.de,
    name_en: c.name.en,
    position: c.position,
    archived: c.archivedAt !== null,
  }));
}

export async function listAdminGroups(db: Db): Promise<AdminGroup[]> {
  const rows = await db
    .select({
      g: groups,
      members: sql<number>`(select count(*) from ${groupMembers} m where m.group_id = ${groups.id})`.mapWith(
        Number,
      ),
    })
    .from(groups)
    .orderBy(asc(groups.categoryId), asc(groups.position), asc(groups.id));
  return rows.map(({ g, members }) => ({
    id: g.id,
    category_id: g.categoryId,
    name_de: g.name.de,
    name_en: g.name.en,
    position: g.position,
    archived: g.archivedAt !== null,
    member_count: members,
  }));
}

export async function createCategory(
  ctx: AppContext,
  staff: Member,
  body: { name_de: string; name_en: string },
) {
  return ctx.db.transaction(async (tx) => {
    const [max] = await tx
      .select({ p: sql<number>`coalesce(max(${groupCategories.position}), 0)`.mapWith(Number) })
      .from(groupCategories);
    const [row] = await tx
      .insert(groupCategories)
      .values({
        slug: slugOf(body.name_de),
        name: { de: body.name_de, en: body.name_en },
        description: { de: '', en: '' },
        position: (max?.p ?? 0) + 1,
      })
      .returning();
    await audit(tx, {
      actorId: staff.id,
      action: 'category.created',
      targetType: 'category',
      targetId: row!.id,
      targetLabel: body.name_de,
    });
    return row!.id;
  });
}

export async function createGroup(
  ctx: AppContext,
  staff: Member,
  body: { category_id: number; name_de: string; name_en: string },
) {
  return ctx.db.transaction(async (tx) => {
    const [cat] = await tx.select().from(groupCategories).where(eq(groupCategories.id, body.category_id));
    if (!cat) throw new AppError('validation_failed', { category_id: ['invalid'] });
    const [max] = await tx
      .select({ p: sql<number>`coalesce(max(${groups.position}), 0)`.mapWith(Number) })
      .from(groups)
      .where(eq(groups.categoryId, cat.id));
    const [row] = await tx
      .insert(groups)
      .values({
        categoryId: cat.id,
        slug: slugOf(body.name_de),
        name: { de: body.name_de, en: body.name_en },
        description: { de: '', en: '' },
        position: (max?.p ?? 0) + 1,
      })
      .returning();
    await audit(tx, {
      actorId: staff.id,
      action: 'group.created',
      targetType: 'group',
      targetId: row!.id,
      targetLabel: body.name_de,
    });
    return row!.id;
  });
}

const changeWords = (body: UpdateGroupBody) =>
  [
    body.name_de !== undefined || body.name_en !== undefined ? 'renamed' : null,
    body.position !== undefined ? `position ${body.position}` : null,
    body.archived === true ? 'archived' : body.archived === false ? 'unarchived' : null,
    body.category_id !== undefined ? `category ${body.category_id}` : null,
  ]
    .filter(Boolean)
    .join(', ');

export async function updateCategory(ctx: AppContext, staff: Member, id: number, body: UpdateGroupBody) {
  await ctx.db.transaction(async (tx) => {
    const [cat] = await tx.select().from(groupCategories).where(eq(groupCategories.id, id));
    if (!cat) throw new AppError('not_found');
    await tx
      .update(groupCategories)
      .set({
        name: { de: body.name_de ?? cat.name.de, en: body.name_en ?? cat.name.en },
        ...(body.position !== undefined ? { position: body.position } : {}),
        ...(body.archived !== undefined
          ? { archivedAt: body.archived ? (cat.archivedAt ?? new Date()) : null }
          : {}),
      })
      .where(eq(groupCategories.id, id));
    await audit(tx, {
      actorId: staff.id,
      action: 'category.updated',
      targetType: 'category',
      targetId: id,
      targetLabel: body.name_de ?? cat.name.de,
      reason: changeWords(body),
    });
  });
}

export async function updateGroup(ctx: AppContext, staff: Member, id: number, body: UpdateGroupBody) {
  await ctx.db.transaction(async (tx) => {
    const [g] = await tx.select().from(groups).where(eq(groups.id, id));
    if (!g) throw new AppError('not_found');
    if (body.category_id !== undefined) {
      const [cat] = await tx.select().from(groupCategories).where(eq(groupCategories.id, body.category_id));
      if (!cat) throw new AppError('validation_failed', { category_id: ['invalid'] });
    }
    await tx
      .update(groups)
      .set({
        name: { de: body.name_de ?? g.name.de, en: body.name_en ?? g.name.en },
        ...(body.position !== undefined ? { position: body.position } : {}),
        ...(body.category_id !== undefined ? { categoryId: body.category_id } : {}),
        ...(body.archived !== undefined
          ? { archivedAt: body.archived ? (g.archivedAt ?? new Date()) : null }
          : {}),
      })
      .where(eq(groups.id, id));
    await audit(tx, {
      actorId: staff.id,
      action: 'group.updated',
      targetType: 'group',
      targetId: id,
      targetLabel: body.name_de ?? g.name.de,
      reason: changeWords(body),
    });
  });
}

// ── Customer service ───────────────────────────────────────────────────────────────────────────

type SupportRow = typeof supportRequests.$inferSelect;

/** Assignment lives in the audit log's latest `support.assigned` row of a request; no column needed. */
async function assigneesOf(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { id: number; nickname: string }>();
  const res = (await db.execute(sql`select distinct on (a.target_id) a.target_id, u.id, u.nickname
      from audit_log a join users u on u.id = a.actor_id
      where a.action = 'support.assigned' and a.target_type = 'support_request'
        and a.target_id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})
      order by a.target_id, a.id desc`)) as unknown as {
    rows: Array<{ target_id: unknown; id: unknown; nickname: string }>;
  };
  return new Map(res.rows.map((r) => [Number(r.target_id), { id: Number(r.id), nickname: r.nickname }]));
}

export async function supportList(db: Db, status: SupportRow['status']): Promise<AdminSupportRequest[]> {
  const rows = await db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.status, status))
    .orderBy(asc(supportRequests.id))
    .limit(500);
  const assignees = await assigneesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    reference: r.reference,
    topic: r.topic,
    name: r.name,
    email: r.email,
    message: r.message,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    assignee: assignees.get(r.id) ?? null,
    answer: r.answer,
  }));
}

async function supportRow(db: Db, reference: string): Promise<SupportRow> {
  const [row] = await db.select().from(supportRequests).where(eq(supportRequests.reference, reference));
  if (!row) throw new AppError('not_found');
  return row;
}

export async function assignSupport(ctx: AppContext, staff: Member, reference: string) {
  const row = await supportRow(ctx.db, reference);
  if (row.status === 'closed') throw new AppError('conflict');
  await audit(ctx.db, {
    actorId: staff.id,
    action: 'support.assigned',
    targetType: 'support_request',
    targetId: row.id,
    targetLabel: row.reference,
  });
}

/** The answer goes to the member (or guest) by mail and shows on /customer-service. */
export async function answerSupport(ctx: AppContext, staff: Member, reference: string, text: string) {
  const row = await supportRow(ctx.db, reference);
  if (row.status === 'closed') throw new AppError('conflict');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(supportRequests)
      .set({ status: 'answered', answer: text, answeredBy: staff.id, answeredAt: new Date() })
      .where(eq(supportRequests.id, row.id));
    await audit(tx, {
      actorId: staff.id,
      action: 'support.answered',
      targetType: 'support_request',
      targetId: row.id,
      targetLabel: row.reference,
    });
  });
  const { appName: app, appUrl } = ctx.config;
  // In the account's language now (it may have changed since), a guest's in the form's.
  const account = row.userId === null ? undefined : await findActiveUser(ctx.db, row.userId);
  const locale = account?.locale ?? (await mailLocale(ctx.db, row.email, row.locale));
  const say = (key: Parameters<typeof fill>[1]) =>
    fill(locale, key, { app, nickname: row.name, reference: row.reference });
  ctx.mailer.queue(
    layout(
      row.email,
      say('mail.support_answer.subject'),
      [say('mail.greeting'), say('mail.support_answer.intro'), text],
      { label: say('mail.support_answer.action'), url: `${appUrl}/customer-service` },
      say('mail.support_answer.footer'),
    ),
  );
}

export async function closeSupport(ctx: AppContext, staff: Member, reference: string) {
  const row = await supportRow(ctx.db, reference);
  if (row.status === 'closed') throw new AppError('conflict');
  await ctx.db.transaction(async (tx) => {
    await tx.update(supportRequests).set({ status: 'closed' }).where(eq(supportRequests.id, row.id));
    await audit(tx, {
      actorId: staff.id,
      action: 'support.closed',
      targetType: 'support_request',
      targetId: row.id,
      targetLabel: row.reference,
    });
  });
}

// ── Plans: the price changes for new orders only (a contract keeps what it was bought at) ────────

const planView = (p: typeof plans.$inferSelect): AdminPlan => ({
  id: p.id,
  months: p.months,
  total_cents: p.totalCents,
  per_month_cents: Math.round(p.totalCents / p.months),
  retired: !p.active,
});

export async function listAdminPlans(db: Db): Promise<AdminPlan[]> {
  return (await db.select().from(plans).orderBy(asc(plans.sort), asc(plans.id))).map(planView);
}

export async function createPlan(
  ctx: AppContext,
  staff: Member,
  body: { id: string; months: number; total_cents: number },
) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(plans)
      .values({ id: body.id, months: body.months, totalCents: body.total_cents, sort: body.months })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('conflict');
    await audit(tx, {
      actorId: staff.id,
      action: 'plan.created',
      targetType: 'plan',
      targetId: null,
      targetLabel: row.id,
      reason: `${row.months} × ${row.totalCents}`,
    });
    return planView(row);
  });
}

export async function changePlanPrice(ctx: AppContext, staff: Member, id: string, totalCents: number) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(plans).where(eq(plans.id, id));
    if (!before) throw new AppError('not_found');
    const [row] = await tx.update(plans).set({ totalCents }).where(eq(plans.id, id)).returning();
    await audit(tx, {
      actorId: staff.id,
      action: 'plan.price_changed',
      targetType: 'plan',
      targetId: null,
      targetLabel: id,
      reason: `${before.totalCents} → ${totalCents}`,
    });
    return planView(row!);
  });
}

export async function retirePlan(ctx: AppContext, staff: Member, id: string) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(plans).set({ active: false }).where(eq(plans.id, id)).returning();
    if (!row) throw new AppError('not_found');
    await audit(tx, {
      actorId: staff.id,
      action: 'plan.retired',
      targetType: 'plan',
      targetId: null,
      targetLabel: id,
    });
    return planView(row);
  });
}

/** Running contracts of a plan (for the console: a price change does not touch them). */
export async function runningContracts(db: Db, planId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(subscriptions)
    .where(and(eq(subscriptions.planId, planId), inArray(subscriptions.status, ['active', 'past_due'])));
  return row?.n ?? 0;
}

// ── FAQ and content pages ──────────────────────────────────────────────────────────────────────

export async function adminFaq(db: Db, locale: Locale): Promise<AdminFaqEntry[]> {
  const rows = await db
    .select()
    .from(faqEntries)
    .where(eq(faqEntries.locale, locale))
    .orderBy(asc(faqEntries.position));
  return rows.map((r) => ({
    id: r.id,
    locale: r.locale,
    topic: r.topic,
    topic_anchor: r.topicAnchor,
    position: r.position,
    anchor: r.anchor,
    question: r.question,
    answer: r.answer,
    updated_at: r.updatedAt.toISOString(),
  }));
}

export async function editFaqEntry(
  ctx: AppContext,
  staff: Member,
  id: number,
  body: { question: string; answer: string },
) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(faqEntries)
      .set({ question: body.question, answer: body.answer, updatedAt: new Date() })
      .where(eq(faqEntries.id, id))
      .returning();
    if (!row) throw new AppError('not_found');
    await audit(tx, {
      actorId: staff.id,
      action: 'faq.edited',
      targetType: 'faq_entry',
      targetId: id,
      targetLabel: row.anchor,
    });
    return (await adminFaq(tx as unknown as Db, row.locale)).find((e) => e.id === id)!;
  });
}

/** Publishes an earlier version again, as a new version (the history keeps both). */
export async function restoreVersion(
  ctx: AppContext,
  staff: Member,
  slug: ContentSlug,
  locale: Locale,
  version: number,
) {
  return ctx.db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(contentPages)
      .where(
        and(eq(contentPages.slug, slug), eq(contentPages.locale, locale), eq(contentPages.version, version)),
      );
    if (!old) throw new AppError('not_found');
    const [row] = await tx
      .insert(contentPages)
      .values({
        slug,
        locale,
        title: old.title,
        intro: old.intro,
        body: old.body,
        createdBy: staff.id,
        version: sql`(select coalesce(max(${contentPages.version}), 0) + 1 from ${contentPages}
          where ${contentPages.slug} = ${slug} and ${contentPages.locale} = ${locale})`,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('conflict');
    await audit(tx, {
      actorId: staff.id,
      action: 'content.restored',
      targetType: 'content_page',
      targetId: row.id,
      targetLabel: `${slug}/${locale}`,
      reason: `version ${version} → ${row.version}`,
    });
    return row;
  });
}
