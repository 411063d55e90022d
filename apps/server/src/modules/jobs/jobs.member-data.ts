import { eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { defineMemberData, type Tx } from '../../lifecycle/member-data.ts';
import { JOBS_SCHEMA } from './job-queue.ts';

/** SQL: the jobs addressed to the member, by the field each job definition names (`addressedTo`). */
async function addressedTo(ctx: AppContext, db: Db | Tx, userId: number): Promise<SQL | null> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  // The table comes through the queue: importing job-table.ts here would close an import cycle
  // (a job that erases a member reaches this entry through the member-data table).
  const byJob = ctx.jobs.definitions.flatMap((def) => {
    if (!def.addressedTo) return [];
    const { field, holds } = def.addressedTo;
    const value = holds === 'email' ? (user?.email.toLowerCase() ?? null) : String(userId);
    return value === null ? [] : [sql`(name = ${def.name} and lower(data->>${field}) = ${value})`];
  });
  return byJob.length ? sql.join(byJob, sql` or `) : null;
}

const jobs = sql.raw(`${JOBS_SCHEMA}.job`);

/**
 * Jobs waiting for the member (a mail to them): listed in the export, deleted with the member, so
 * nothing is sent to an erased account. A job running at that moment finishes.
 */
export const jobsData = defineMemberData({
  module: 'jobs',
  tables: [`${JOBS_SCHEMA}.job`],
  async exportMember(ctx, userId) {
    const mine = await addressedTo(ctx, ctx.db, userId);
    if (!mine) return [];
    const rows = await ctx.db.execute(sql`select name, state, created_on, start_after from ${jobs}
      where state in ('created', 'retry') and (${mine}) order by created_on`);
    return (rows.rows as Array<Record<string, unknown>>).map((r) => ({
      job: r.name,
      state: r.state,
      created_at: new Date(r.created_on as string).toISOString(),
      not_before: new Date(r.start_after as string).toISOString(),
    }));
  },
  async eraseMember(ctx, userId, tx) {
    const mine = await addressedTo(ctx, tx, userId);
    if (mine) await tx.execute(sql`delete from ${jobs} where state <> 'active' and (${mine})`);
  },
});
