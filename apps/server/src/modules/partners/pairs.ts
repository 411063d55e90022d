import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { partnerships } from '../../db/schema/matching.ts';
import type { PairRow } from './partners.presenter.ts';

export const pairKey = (a: number, b: number) => ({ low: Math.min(a, b), high: Math.max(a, b) });

export async function findPair(db: Db, a: number, b: number): Promise<PairRow | undefined> {
  const { low, high } = pairKey(a, b);
  const [row] = await db
    .select()
    .from(partnerships)
    .where(and(eq(partnerships.userLow, low), eq(partnerships.userHigh, high)));
  return row;
}

export async function ensurePair(db: Db, a: number, b: number): Promise<void> {
  const { low, high } = pairKey(a, b);
  await db.insert(partnerships).values({ userLow: low, userHigh: high }).onConflictDoNothing();
}

/**
 * One step of the friendship state machine (SPEC.md §4), as a conditional update: it applies only if
 * both sides are still in the expected states, so concurrent actions cannot both win.
 */
export async function transitionPair(
  db: Db,
  me: number,
  other: number,
  from: { mine: number; theirs: number },
  to: { mine: number; theirs: number },
  extra: Partial<typeof partnerships.$inferInsert> = {},
): Promise<PairRow | undefined> {
  const { low, high } = pairKey(me, other);
  const meLow = me === low;
  const [row] = await db
    .update(partnerships)
    .set({
      statusLow: meLow ? to.mine : to.theirs,
      statusHigh: meLow ? to.theirs : to.mine,
      updatedAt: sql`now()`,
      ...extra,
    })
    .where(
      and(
        eq(partnerships.userLow, low),
        eq(partnerships.userHigh, high),
        eq(partnerships.statusLow, meLow ? from.mine : from.theirs),
        eq(partnerships.statusHigh, meLow ? from.theirs : from.mine),
      ),
    )
    .returning();
  return row;
}
