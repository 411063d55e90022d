import type { FriendStatus } from '@trostnetz/contracts/friendship';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isPairOf, pairKey, sideColumns } from '../../db/pair-side.ts';
import { type PairRow, partnerships } from '../../db/schema/partnerships.ts';

export async function findPair(db: Db, a: number, b: number): Promise<PairRow | undefined> {
  const [row] = await db.select().from(partnerships).where(isPairOf(a, b));
  return row;
}

export async function ensurePair(db: Db, a: number, b: number): Promise<void> {
  const { low, high } = pairKey(a, b);
  await db.insert(partnerships).values({ userLow: low, userHigh: high }).onConflictDoNothing();
}

export interface Sides {
  mine: FriendStatus;
  theirs: FriendStatus;
}

/**
 * One step of the friendship state machine (SPEC.md §4), as a conditional update: it applies only if
 * both sides are still in the expected states, so concurrent actions cannot both win.
 */
export async function transitionPair(
  db: Db,
  me: number,
  other: number,
  from: Sides,
  to: Sides,
  extra: Partial<typeof partnerships.$inferInsert> = {},
): Promise<PairRow | undefined> {
  const expected = sideColumns(me, other, { status: from.mine }, { status: from.theirs });
  const [row] = await db
    .update(partnerships)
    .set({
      ...sideColumns(me, other, { status: to.mine }, { status: to.theirs }),
      updatedAt: sql`now()`,
      ...extra,
    })
    .where(
      and(
        isPairOf(me, other),
        eq(partnerships.statusLow, expected.statusLow!),
        eq(partnerships.statusHigh, expected.statusHigh!),
      ),
    )
    .returning();
  return row;
}
