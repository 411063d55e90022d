import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { comments, posts } from '../../db/schema/groups.ts';
import { type ReportSnapshot, reports } from '../../db/schema/safety.ts';
import { notify } from '../notifications/notifier.ts';

/**
 * Reports on posts and comments go into the one reports table, with a snapshot of the words as they
 * were (an author may edit or delete them afterwards). Stored and answered alike (the receipt too)
 * whether or not the target exists or is visible to the reporter, as profile reports are.
 */
export async function reportContent(
  ctx: AppContext,
  me: number,
  target: { type: 'post' | 'comment'; id: number },
  input: { reason: string; details?: string },
) {
  const snapshot = await snapshotOf(ctx.db, target);
  const [row] = await ctx.db
    .insert(reports)
    .values({
      reporterId: me,
      targetType: target.type,
      targetId: target.id,
      reason: input.reason,
      details: input.details || null,
      snapshot,
    })
    .returning({ id: reports.id, status: reports.status });
  // DSA Art. 16(4): a receipt at once, in the app and by mail, naming neither who nor what.
  await notify(ctx, me, 'report_received', { actorId: null, reportId: row!.id });
  return row!;
}

async function snapshotOf(
  db: Db,
  target: { type: 'post' | 'comment'; id: number },
): Promise<ReportSnapshot | null> {
  if (target.type === 'post') {
    const [p] = await db.select().from(posts).where(eq(posts.id, target.id));
    return p
      ? { title: p.title, message: p.message, author_id: p.authorId, created_at: p.createdAt.toISOString() }
      : null;
  }
  const [c] = await db.select().from(comments).where(eq(comments.id, target.id));
  return c ? { message: c.message, author_id: c.authorId, created_at: c.createdAt.toISOString() } : null;
}
