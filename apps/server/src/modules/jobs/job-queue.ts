import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { AppContext } from '../../app-context.ts';
import type { Database, Db } from '../../db/client.ts';
import { settle, track, within, withTimeout } from '../../lib/in-flight.ts';
import type { Metrics } from '../../lib/metrics.ts';
import { type JobDefinition, jobDefaults } from './job.ts';
import type { JobName, JobPayload } from './job-table.ts';
import { inTransaction, setUpQueues } from './pg-boss-queues.ts';

/** pg-boss keeps its tables in a schema of its own, beside (never inside) our drizzle migrations. */
export const JOBS_SCHEMA = 'pgboss';
/** How often an idle worker asks for work; a job due now sent by this process wakes its worker at once. */
const POLL_MS = 2000;
const MAX_REMEMBERED = 50_000;

/** When a job sent with these options becomes due, in ms since the epoch. */
const startAfterMs = (startAfter: Date | number | undefined): number =>
  startAfter === undefined
    ? 0
    : startAfter instanceof Date
      ? startAfter.getTime()
      : Date.now() + startAfter * 1000;

export interface SendOptions {
  /** Not before this moment (a Date, or seconds from now). */
  startAfter?: Date | number;
  /** With policy 'short'/'stately': one waiting job per key. With singletonSeconds: one job per key and window. */
  singletonKey?: string;
  /**
   * The caller's promise that a job of this name and key due no later than this one does this one's
   * work too (a mail check looks at everything waiting and sets the next one itself). While a job this
   * process stored under the key is still waiting and due no later, the send is skipped (answers null).
   */
  coalesce?: string;
  singletonSeconds?: number;
  /** Enqueue inside this drizzle transaction: the job exists if and only if the transaction commits. */
  tx?: Pick<Db, 'execute'>;
}

export interface JobQueue {
  /** The job definitions this queue runs (job-table.ts), for code that must not import the table. */
  definitions: readonly JobDefinition[];
  /** Stores a job (payload checked against its schema); null when a singleton rule kept it out. */
  send<N extends JobName>(name: N, data: JobPayload<N>, options?: SendOptions): Promise<string | null>;
  /** Starts the workers, the cron schedules and pg-boss's maintenance (server.ts, or a test that wants them). */
  start(): Promise<void>;
  /** Takes no new jobs and waits up to graceMs for running ones; those still running are retried later. */
  stop(graceMs?: number): Promise<void>;
  /**
   * Runs every due job in this process until none is left, including jobs those jobs send (tests).
   * includeLater: then each delayed job and waiting retry runs once, as if its time had come (one that
   * puts itself off again waits for the next drain), and the due jobs they sent.
   */
  drain(options?: { includeLater?: boolean }): Promise<number>;
  /** Jobs of this name waiting to run (new, or waiting for a retry). */
  pending(name: JobName): Promise<number>;
  schedules(): Promise<Array<{ name: string; cron: string }>>;
  /** For /ready: throws when the queue's tables do not answer or the queue has been stopped. */
  ping(): Promise<void>;
}

interface Running {
  name: string;
  done: Promise<void>;
}

/** Opens the queue on the app's own database (PGlite or PostgreSQL) and sets up one queue per job; starts nothing. */
export async function openJobQueue(options: {
  database: Database;
  table: readonly JobDefinition[];
  log: FastifyBaseLogger;
  context: () => AppContext;
  metrics: Metrics;
}): Promise<JobQueue> {
  const { database, table, log, context, metrics } = options;
  const db = { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) };
  const boss = new PgBoss({ db, schema: JOBS_SCHEMA, migrate: true, supervise: false, schedule: false });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  await setUpQueues(boss, table);

  const byName = new Map(table.map((def) => [def.name, def]));
  /**
   * Jobs sent with `coalesce` that this process stored for later, by name and key, with the time each
   * becomes due (the earliest, when several wait). A send whose work such a job covers is skipped: a
   * burst of chat messages to one member stores one mail check, not one per message (issue 18: each
   * pg-boss insert cost PostgreSQL more than the chat message's own). Bounded; forgetting costs a send.
   */
  const waiting = new Map<string, number>();
  const remember = (key: string, dueAt: number) => {
    if (waiting.size >= MAX_REMEMBERED) {
      const now = Date.now();
      for (const [k, at] of waiting) if (at <= now) waiting.delete(k);
      // Still full: forget the oldest half (insertion order).
      let drop = waiting.size >= MAX_REMEMBERED ? waiting.size / 2 : 0;
      for (const k of waiting.keys()) {
        if (drop-- <= 0) break;
        waiting.delete(k);
      }
    }
    const earlier = waiting.get(key);
    if (earlier === undefined || earlier <= Date.now() || dueAt < earlier) waiting.set(key, dueAt);
  };
  const sends = new Set<Promise<unknown>>();
  const running = new Map<string, Running>();
  const wakers = new Map<string, () => void>();
  let runner: PgBoss | null = null;
  let loops: Promise<void>[] = [];
  let stopping = false;
  let stopped: Promise<void> | null = null;

  async function execute(def: JobDefinition, job: PgBoss.JobWithMetadata<unknown>) {
    try {
      const data = def.payload.parse(job.data);
      const limitMs = (def.expireInSec ?? jobDefaults.expireInSec) * 1000;
      await withTimeout(def.run(context(), data, { id: job.id, retryCount: job.retryCount }), limitMs);
      if (def.deleteOnComplete) await boss.deleteJob(def.name, job.id);
      else await boss.complete(def.name, job.id);
    } catch (err) {
      const final = job.retryCount >= job.retryLimit;
      metrics.jobFailures.inc({ job: def.name, final: String(final) });
      const at = { err, job: def.name, id: job.id, attempt: job.retryCount + 1 };
      if (final) log.error(at, 'job failed for good (kept as failed)');
      else log.warn(at, 'job failed, will be retried');
      const message = err instanceof Error ? err.message : String(err);
      await boss
        .fail(def.name, job.id, { message })
        .catch((e) => log.error({ err: e }, 'marking a job failed'));
    }
  }

  /** Claims one job (SKIP LOCKED: no other process gets it) and runs it; false when none was due. */
  async function runNext(def: JobDefinition, includeLater: boolean): Promise<boolean> {
    const [job] = await boss.fetch<unknown>(def.name, {
      includeMetadata: true,
      ignoreStartAfter: includeLater,
    });
    if (!job) return false;
    const done = execute(def, job);
    running.set(job.id, { name: def.name, done });
    await done.finally(() => running.delete(job.id));
    return true;
  }

  async function loop(def: JobDefinition) {
    while (!stopping) {
      let ran = false;
      try {
        ran = await runNext(def, false);
      } catch (err) {
        log.error({ err, job: def.name }, 'fetching jobs failed');
      }
      if (!ran && !stopping) await idle(def.name);
    }
  }

  function idle(name: string) {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(name);
        resolve();
      };
      const timer = setTimeout(wake, POLL_MS);
      wakers.set(name, wake);
    });
  }

  async function stop(graceMs: number) {
    stopping = true;
    for (const wake of [...wakers.values()]) wake();
    await runner?.stop({ graceful: true, close: false, timeout: 1000 });
    await settle(sends);
    // Loops end after the job in hand; drains may be running jobs too.
    const inHand = [...loops, ...[...running.values()].map((r) => r.done)];
    if (!(await within(graceMs, Promise.allSettled(inHand)))) {
      // Hand what is still running back to the queue now instead of waiting for it to expire.
      for (const [id, r] of running) {
        await boss.fail(r.name, id, { message: 'stopped while running' }).catch(() => {});
      }
    }
  }

  return {
    definitions: table,
    async send(name, data, sendOptions = {}) {
      const def = byName.get(name);
      if (!def) throw new Error(`unknown job ${name}`);
      if (sendOptions.singletonSeconds && def.deleteOnComplete) {
        throw new Error(`${name} deletes finished jobs, so it cannot be throttled by singletonSeconds`);
      }
      const { tx, ...rest } = sendOptions;
      const payload = def.payload.parse(data) as object;
      const { coalesce, ...options } = rest;
      const dueAt = startAfterMs(options.startAfter);
      // Only outside a transaction: a job stored in one that rolls back was never there.
      const key = coalesce !== undefined && !tx ? `${name}\n${coalesce}` : null;
      const covering = key ? waiting.get(key) : undefined;
      if (covering !== undefined && covering > Date.now() && covering <= dueAt) return null;
      const stored = boss.send(name, payload, tx ? { ...options, db: inTransaction(tx) } : options);
      const id = await track(sends, stored);
      if (key && id && dueAt > Date.now()) remember(key, dueAt);
      // A job for later is found by the worker's next poll once it is due; waking it now would only ask
      // the database for work that is not there yet.
      if (dueAt <= Date.now()) wakers.get(name)?.();
      return id;
    },

    async start() {
      if (runner || stopping) return;
      runner = new PgBoss({ db, schema: JOBS_SCHEMA, migrate: false, supervise: true, schedule: true });
      runner.on('error', (err) => log.error({ err }, 'job scheduler error'));
      await runner.start();
      loops = table.map((def) => loop(def));
    },

    stop(graceMs = 7000) {
      stopped ??= stop(graceMs);
      return stopped;
    },

    async drain({ includeLater = false } = {}) {
      waiting.clear(); // a drain may run waiting jobs before their time
      const due = async () => {
        let total = 0;
        for (;;) {
          await settle(sends);
          let ran = 0;
          for (const def of table) while (await runNext(def, false)) ran++;
          if (ran === 0) return total;
          total += ran;
        }
      };
      let total = await due();
      if (!includeLater) return total;
      // Each job waiting for a later time runs once, as if its time had come. A job that puts itself off
      // again (a mail waiting for quiet hours to end) waits for the next drain instead of running forever.
      for (const def of table) {
        const waiting = await boss.getQueueSize(def.name);
        for (let i = 0; i < waiting && (await runNext(def, true)); i++) total++;
      }
      return total + (await due());
    },

    pending: (name) => boss.getQueueSize(name),

    async ping() {
      if (stopping) throw new Error('the job queue is stopped');
      await database.executeSql(`select version from ${JOBS_SCHEMA}.version`);
    },

    async schedules() {
      return (await boss.getSchedules()).map((s) => ({ name: s.name, cron: s.cron }));
    },
  };
}
