import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { suspensions } from '../../db/schema/moderation.ts';

/** When the member's running suspension ends, or null when none runs (lifted or over). */
export async function activeSuspension(db: Db, userId: number, now = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({ until: suspensions.until })
    .from(suspensions)
    .where(and(eq(suspensions.userId, userId), isNull(suspensions.liftedAt), gt(suspensions.until, now)))
    .orderBy(desc(suspensions.until))
    .limit(1);
  return row?.until ?? null;
}
