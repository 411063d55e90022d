import { and, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { blocks } from '../../db/schema/safety.ts';
import { users } from '../../db/schema/users.ts';
import type { UserRow } from '../users/users.presenter.ts';

/** SQL condition: neither member has hidden the other (DESIGN.md §5: every query checks the block list). */
export function notHidden(me: number, other: AnyPgColumn | SQL): SQL {
  return sql`not exists (select 1 from ${blocks} b where (b.blocker_id = ${me} and b.blocked_id = ${other})
    or (b.blocker_id = ${other} and b.blocked_id = ${me}))`;
}

/**
 * Another member as `viewer` may see them: not oneself, not deleted, verified, onboarded and not
 * hidden in either direction. Anything else is "not found" (DESIGN.md §5).
 */
export async function visibleMember(db: Db, viewer: number, otherId: number): Promise<UserRow | undefined> {
  if (viewer === otherId) return undefined;
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, otherId),
        isNull(users.deletedAt),
        eq(users.isVerified, true),
        lt(users.matchingStep, 0),
        notHidden(viewer, users.id),
      ),
    );
  return row;
}
