import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db, SqlResult } from '../../db/client.ts';
import { type JobDefinition, jobDefaults } from './job.ts';

/**
 * One queue per job with its retry settings; schedules follow the table (a removed one stops). Only what
 * differs from the stored queues and schedules is written, so a restart costs two reads (issue 19).
 */
export async function setUpQueues(boss: PgBoss, table: readonly JobDefinition[]) {
  const stored = new Map((await boss.getQueues()).map((q) => [q.name, q]));
  for (const def of table) {
    const queue = {
      name: def.name,
      policy: def.policy ?? 'standard',
      retryLimit: def.retryLimit ?? jobDefaults.retryLimit,
      retryDelay: def.retryDelaySec ?? jobDefaults.retryDelaySec,
      retryBackoff: def.retryBackoff ?? jobDefaults.retryBackoff,
      expireInSeconds: def.expireInSec ?? jobDefaults.expireInSec,
    };
    const known = stored.get(def.name);
    if (!known) await boss.createQueue(def.name, queue);
    else if ((Object.keys(queue) as Array<keyof typeof queue>).some((k) => known[k] !== queue[k]))
      await boss.updateQueue(def.name, queue);
  }
  const wanted = new Map(table.flatMap((def) => (def.schedule ? [[def.name, def.schedule] as const] : [])));
  const schedules = await boss.getSchedules();
  for (const s of schedules) if (!wanted.has(s.name)) await boss.unschedule(s.name);
  for (const [name, cron] of wanted)
    if (!schedules.some((s) => s.name === name && s.cron === cron)) await boss.schedule(name, cron, {});
}

/** pg-boss's SQL ($1, $2 …) run through a drizzle transaction, so a job commits with the data it belongs to. */
export function inTransaction(tx: Pick<Db, 'execute'>): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const query = sql.join(
        parts.map((part, i) => (i % 2 ? sql.param(values[Number(part) - 1]) : sql.raw(part))),
      );
      return (await tx.execute(query)) as unknown as SqlResult;
    },
  };
}
