import type { AdminMemberDetail, AdminMemberRow, ModerationRule, RoleName } from '@trostnetz/contracts/admin';
import { and, desc, eq, gt, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import {
  appeals,
  moderationDecisions,
  premiumGrants,
  staffCredentials,
  staffNotes,
  suspensions,
} from '../../db/schema/moderation.ts';
import { reports } from '../../db/schema/safety.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { type Member, memberColumns, roles, roleUser, users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { isOnboarded } from '../../policies/members.ts';
import { isPremium } from '../../policies/premium.ts';
import { assertMayActOn, assertMayGrant, assertNotLastSuperAdmin } from '../../policies/roles.ts';
import { markForDeletion } from '../account/deletion.service.ts';
import { sendVerificationMail } from '../auth/accounts.service.ts';
import { endStaffSessionsOf } from '../auth/sessions.service.ts';
import { endMemberLive } from '../chat/chat.service.ts';
import { mailTemplate } from '../mail/templates.ts';
import { notify } from '../notifications/notifier.ts';
import { announcePremium, recomputePremium } from '../payments/payments.service.ts';
import { audit } from './audit.service.ts';
import { suspendMember, suspensionEnd, tellAffected } from './moderation.service.ts';
import { dropSecondFactor } from './staff.service.ts';

const PAGE = 50;

async function rowsOf(db: Db, members: Member[]): Promise<AdminMemberRow[]> {
  const ids = members.map((m) => m.id);
  if (!ids.length) return [];
  const roleRows = await db
    .select({ userId: roleUser.userId, name: roles.name })
    .from(roleUser)
    .innerJoin(roles, eq(roles.id, roleUser.roleId))
    .where(inArray(roleUser.userId, ids));
  const running = await db
    .select({ userId: suspensions.userId, until: suspensions.until })
    .from(suspensions)
    .where(
      and(inArray(suspensions.userId, ids), isNull(suspensions.liftedAt), gt(suspensions.until, new Date())),
    );
  return members.map((m) => {
    const until = running
      .filter((s) => s.userId === m.id)
      .map((s) => s.until)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    return {
      id: m.id,
      nickname: m.nickname,
      email: m.email,
      verified: m.isVerified,
      onboarded: isOnboarded(m),
      premium: isPremium(m),
      roles: [
        ...(m.isSuperAdmin ? ['super_admin'] : []),
        ...roleRows
          .filter((r) => r.userId === m.id)
          .map((r) => r.name)
          .sort(),
      ],
      suspended_until: until?.toISOString() ?? null,
      deletion_pending: m.deletionRequestedAt !== null,
      created_at: m.createdAt.toISOString(),
    };
  });
}

/** Search by e-mail, nickname (parts of them) or id; newest first; erased accounts are not listed. */
export async function searchMembers(db: Db, q: string | undefined, cursor: number | undefined) {
  const where: SQL[] = [isNull(users.deletedAt)];
  const term = q?.trim();
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byText = or(ilike(users.email, like), ilike(users.nickname, like))!;
    where.push(/^[1-9][0-9]{0,15}$/.test(term) ? or(eq(users.id, Number(term)), byText)! : byText);
  }
  if (cursor) where.push(lt(users.id, cursor));
  const found = await db
    .select(memberColumns)
    .from(users)
    .where(and(...where))
    .orderBy(desc(users.id))
    .limit(PAGE + 1);
  const page = found.slice(0, PAGE);
  return { items: await rowsOf(db, page), next_cursor: found.length > PAGE ? String(page.at(-1)!.id) : null };
}

export async function memberOr404(db: Db, id: number): Promise<Member> {
  const [m] = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!m) throw new AppError('not_found');
  return m;
}

const reportSummary = (r: typeof reports.$inferSelect) => ({
  id: r.id,
  target_type: r.targetType === 'message' ? ('chat_message' as const) : r.targetType,
  reason: r.reason as AdminMemberDetail['reports_by'][number]['reason'],
  status: r.status,
  created_at: r.createdAt.toISOString(),
});

/** A member's page: account state, sessions, reports by and about them, notes, suspensions, notices. Never their messages. */
export async function memberDetail(db: Db, id: number): Promise<AdminMemberDetail> {
  const m = await memberOr404(db, id);
  const [row] = await rowsOf(db, [m]);
  const sessionRows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, id))
    .orderBy(desc(sessions.createdAt))
    .limit(50);
  const about = await db
    .select()
    .from(reports)
    .where(
      or(
        and(eq(reports.targetType, 'profile'), eq(reports.targetId, id)),
        sql`(${reports.snapshot}->>'author_id')::bigint = ${id}`,
      ),
    )
    .orderBy(desc(reports.id))
    .limit(100);
  const by = await db
    .select()
    .from(reports)
    .where(eq(reports.reporterId, id))
    .orderBy(desc(reports.id))
    .limit(100);
  const notes = await db
    .select({ n: staffNotes, author: { id: users.id, nickname: users.nickname } })
    .from(staffNotes)
    .leftJoin(users, eq(users.id, staffNotes.authorId))
    .where(eq(staffNotes.userId, id))
    .orderBy(desc(staffNotes.id));
  const susp = await db
    .select()
    .from(suspensions)
    .where(eq(suspensions.userId, id))
    .orderBy(desc(suspensions.id));
  const [credential] = await db
    .select({ enabledAt: staffCredentials.enabledAt })
    .from(staffCredentials)
    .where(eq(staffCredentials.userId, id));
  const notices = await db
    .select({ d: moderationDecisions, appealStatus: appeals.status })
    .from(moderationDecisions)
    .leftJoin(appeals, eq(appeals.decisionId, moderationDecisions.id))
    .where(eq(moderationDecisions.memberId, id))
    .orderBy(desc(moderationDecisions.id));
  return {
    ...row!,
    last_seen_at: m.lastSeenAt?.toISOString() ?? null,
    second_factor_enrolled_at: credential?.enabledAt?.toISOString() ?? null,
    sessions: sessionRows.map((s, i) => ({
      // The console numbers sessions (their ids are bearer secrets' keys and stay on the server).
      id: sessionRows.length - i,
      created_at: s.createdAt.toISOString(),
      last_used_at: s.lastUsedAt.toISOString(),
      client: s.clientFamily,
      revoked: s.revokedAt !== null,
    })),
    reports_about: about.map(reportSummary),
    reports_by: by.map(reportSummary),
    notes: notes.map(({ n, author }) => ({
      id: n.id,
      text: n.text,
      author: author?.id ? author : null,
      created_at: n.createdAt.toISOString(),
    })),
    suspensions: susp.map((s) => ({
      id: s.id,
      reason_code: s.reasonCode,
      until: s.until.toISOString(),
      lifted_at: s.liftedAt?.toISOString() ?? null,
      created_at: s.createdAt.toISOString(),
    })),
    notices: notices.map(({ d, appealStatus }) => ({
      id: d.id,
      decision: d.decision,
      rule: d.rule,
      appeal_status: appealStatus,
      created_at: d.createdAt.toISOString(),
    })),
  };
}

export async function addNote(ctx: AppContext, staff: Member, id: number, text: string) {
  await memberOr404(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(staffNotes).values({ userId: id, authorId: staff.id, text });
    await audit(tx, {
      actorId: staff.id,
      action: 'member.note_added',
      targetType: 'member',
      targetId: id,
    });
  });
}

export async function resendVerification(ctx: AppContext, staff: Member, id: number) {
  const m = await memberOr404(ctx.db, id);
  if (m.isVerified) throw new AppError('conflict');
  await sendVerificationMail(ctx, m);
  await audit(ctx.db, {
    actorId: staff.id,
    action: 'member.verification_mail_sent',
    targetType: 'member',
    targetId: id,
  });
}

export async function revokeSessions(ctx: AppContext, staff: Member, id: number) {
  await assertMayActOn(ctx.db, staff, await memberOr404(ctx.db, id));
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'staff' })
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
    await endStaffSessionsOf(tx, id);
    await audit(tx, {
      actorId: staff.id,
      action: 'member.sessions_revoked',
      targetType: 'member',
      targetId: id,
    });
  });
  await endMemberLive(ctx, id);
}

/** Suspends the account with a statement of reasons (mail + in the app); sessions and sockets end at once. */
export async function suspendAccount(
  ctx: AppContext,
  staff: Member,
  id: number,
  body: { reason_code: ModerationRule; text: string; until: string },
) {
  const m = await memberOr404(ctx.db, id);
  await assertMayActOn(ctx.db, staff, m);
  await assertNotLastSuperAdmin(ctx.db, m);
  const until = suspensionEnd(body.until);
  const decision = await ctx.db.transaction(async (tx) => {
    const [decision] = await tx
      .insert(moderationDecisions)
      .values({
        targetType: 'account',
        targetId: id,
        memberId: id,
        decision: 'member_suspended',
        rule: body.reason_code,
        statement: body.text,
        until,
        decidedBy: staff.id,
      })
      .returning();
    await suspendMember(tx, {
      memberId: id,
      until,
      rule: body.reason_code,
      decisionId: decision!.id,
      by: staff.id,
    });
    await audit(tx, {
      actorId: staff.id,
      action: 'member.suspended',
      targetType: 'member',
      targetId: id,
      reason: body.text,
    });
    return decision!;
  });
  await endMemberLive(ctx, id);
  await tellAffected(ctx, decision);
}

/** Lifts a running suspension: the member signs in again at once and is told so by mail. */
export async function liftSuspension(ctx: AppContext, staff: Member, id: number, text: string) {
  const m = await memberOr404(ctx.db, id);
  await assertMayActOn(ctx.db, staff, m);
  const lifted = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(suspensions)
      .set({ liftedAt: new Date() })
      .where(and(eq(suspensions.userId, id), isNull(suspensions.liftedAt), gt(suspensions.until, new Date())))
      .returning({ id: suspensions.id });
    if (!row) throw new AppError('conflict');
    await audit(tx, {
      actorId: staff.id,
      action: 'member.suspension_lifted',
      targetType: 'member',
      targetId: id,
      reason: text,
    });
    return row;
  });
  const { appName, appUrl } = ctx.config;
  await notify(ctx, id, 'moderation', {
    key: `lifted:${lifted.id}`,
    mail: mailTemplate('suspensionLifted', m.locale, appName, m, `${appUrl}/login`),
  });
}

/** Admin only (roles.assign): the member's roles become exactly these; their console sessions end. */
export async function setRoles(ctx: AppContext, staff: Member, id: number, names: RoleName[]) {
  await assertMayActOn(ctx.db, staff, await memberOr404(ctx.db, id));
  const wanted = [...new Set(names)].sort();
  await assertMayGrant(ctx.db, staff, wanted);
  await ctx.db.transaction(async (tx) => {
    const ids = wanted.length
      ? await tx.select({ id: roles.id }).from(roles).where(inArray(roles.name, wanted))
      : [];
    await tx.delete(roleUser).where(eq(roleUser.userId, id));
    if (ids.length) await tx.insert(roleUser).values(ids.map((r) => ({ roleId: r.id, userId: id })));
    await endStaffSessionsOf(tx, id);
    await audit(tx, {
      actorId: staff.id,
      action: 'member.roles_set',
      targetType: 'member',
      targetId: id,
      reason: wanted.join(', ') || '—',
    });
  });
}

/**
 * Admin only (roles.assign): a staff member lost their authenticator. Their TOTP and recovery codes go,
 * their console sessions end, and they are told by mail; the next console sign-in enrols again. Never
 * one's own (whoever holds a session and the password must not swap in their own authenticator).
 */
export async function resetSecondFactor(ctx: AppContext, staff: Member, id: number, text: string) {
  const m = await memberOr404(ctx.db, id);
  await assertMayActOn(ctx.db, staff, m);
  await ctx.db.transaction(async (tx) => {
    if (!(await dropSecondFactor(tx, id))) throw new AppError('conflict');
    await endStaffSessionsOf(tx, id);
    await audit(tx, {
      actorId: staff.id,
      action: 'member.second_factor_reset',
      targetType: 'member',
      targetId: id,
      reason: text,
    });
  });
  // A security notice: at once, by mail, also in quiet hours (decision 016).
  await notify(ctx, id, 'security', { mail: 'secondFactorReset', url: `${ctx.config.appUrl}/nova/login` });
}

/** Through the member life cycle: hidden at once, erased after the grace period; the member can still undo by mail. */
export async function deleteMember(ctx: AppContext, staff: Member, id: number, text: string) {
  const m = await memberOr404(ctx.db, id);
  await assertMayActOn(ctx.db, staff, m);
  if (m.deletionRequestedAt) throw new AppError('conflict');
  await assertNotLastSuperAdmin(ctx.db, m);
  await markForDeletion(ctx, m);
  await endStaffSessionsOf(ctx.db, id);
  await audit(ctx.db, {
    actorId: staff.id,
    action: 'member.deleted',
    targetType: 'member',
    targetId: id,
    reason: text,
  });
}

/**
 * Grants premium (a staff grant, no end date) or takes it (revokes grants). A running paid contract is
 * not taken here (409 conflict): it ends through its own cancellation. The member's tabs learn it live.
 */
export async function setPremium(ctx: AppContext, staff: Member, id: number, premium: boolean, text: string) {
  await assertMayActOn(ctx.db, staff, await memberOr404(ctx.db, id));
  await ctx.db.transaction(async (tx) => {
    if (premium) {
      const [open] = await tx
        .select({ id: premiumGrants.id })
        .from(premiumGrants)
        .where(and(eq(premiumGrants.userId, id), isNull(premiumGrants.revokedAt)));
      if (open) throw new AppError('conflict');
      await tx.insert(premiumGrants).values({ userId: id, grantedBy: staff.id });
    } else {
      await tx
        .update(premiumGrants)
        .set({ revokedAt: new Date() })
        .where(and(eq(premiumGrants.userId, id), isNull(premiumGrants.revokedAt)));
    }
    await recomputePremium(tx, id);
    const [after] = await tx.select().from(users).where(eq(users.id, id));
    if (after && after.isPremium !== premium) throw new AppError('conflict');
    await audit(tx, {
      actorId: staff.id,
      action: premium ? 'member.premium_granted' : 'member.premium_taken',
      targetType: 'member',
      targetId: id,
      reason: text,
    });
  });
  await announcePremium(ctx, id);
}
