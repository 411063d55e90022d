import type { AuditAction, AuditEntry } from '@trostnetz/contracts/admin';
import { and, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/moderation.ts';
import { users } from '../../db/schema/users.ts';
import type { Tx } from '../../lifecycle/member-data.ts';

/** What one audit row says: who did what to whom and why (the reason as the staff member wrote it). */
export interface AuditInput {
  actorId: number;
  action: AuditAction;
  targetType: string | null;
  targetId: number | null;
  targetLabel?: string | null;
  reason?: string | null;
}

/**
 * Writes the one audit row of a staff action, in the action's own transaction: the action and its
 * row are stored together or not at all. The table is append-only (a trigger refuses UPDATE/DELETE).
 */
export async function audit(db: Db | Tx, entry: AuditInput) {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel ?? null,
    reason: entry.reason ?? null,
  });
}

const PAGE = 50;

export async function auditPageOf(
  db: Db,
  q: { actor?: number; action?: string; target?: string; from?: string; to?: string; cursor?: number },
): Promise<{ items: AuditEntry[]; next_cursor: string | null }> {
  const where: SQL[] = [];
  if (q.actor) where.push(eq(auditLog.actorId, q.actor));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.target) {
    const [type, id] = q.target.split(':');
    where.push(eq(auditLog.targetType, type!));
    if (id) where.push(eq(auditLog.targetId, Number(id)));
  }
  if (q.from) where.push(gte(auditLog.createdAt, new Date(q.from)));
  if (q.to) {
    // A day alone means up to its end.
    const to = /^\d{4}-\d{2}-\d{2}$/.test(q.to) ? new Date(Date.parse(q.to) + 86_400_000) : new Date(q.to);
    where.push(/^\d{4}-\d{2}-\d{2}$/.test(q.to) ? lt(auditLog.createdAt, to) : lte(auditLog.createdAt, to));
  }
  if (q.cursor) where.push(lt(auditLog.id, q.cursor));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(PAGE + 1);
  const page = rows.slice(0, PAGE);
  // Names are looked up now, not stored in the append-only log: an erased account shows as ''.
  const personIds = [
    ...new Set(
      page.flatMap((r) => [
        ...(r.actorId ? [r.actorId] : []),
        ...(r.targetType === 'member' && r.targetId ? [r.targetId] : []),
      ]),
    ),
  ];
  const actors = personIds.length
    ? (
        await db
          .select({ id: users.id, nickname: users.nickname, deletedAt: users.deletedAt })
          .from(users)
          .where(inArray(users.id, personIds))
      ).map((u) => ({ id: u.id, nickname: u.deletedAt ? '' : u.nickname }))
    : [];
  return {
    items: page.map((r) => ({
      id: r.id,
      actor: r.actorId ? (actors.find((a) => a.id === r.actorId) ?? { id: r.actorId, nickname: '' }) : null,
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      target_label:
        r.targetType === 'member'
          ? (actors.find((a) => a.id === r.targetId)?.nickname ?? null)
          : r.targetLabel,
      reason: r.reason,
      created_at: r.createdAt.toISOString(),
    })),
    next_cursor: rows.length > PAGE ? String(page.at(-1)!.id) : null,
  };
}
