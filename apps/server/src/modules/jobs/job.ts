import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';

/** How a kind of job is run; anything left out takes the queue's defaults (below). */
export interface JobSettings {
  /** Attempts after the first one before the job is kept as failed. */
  retryLimit?: number;
  /** Seconds before the first retry; with back-off each further retry waits about twice as long. */
  retryDelaySec?: number;
  retryBackoff?: boolean;
  /** A run taking longer fails (and is retried); a run cut short by a crash is retried after this too. */
  expireInSec?: number;
  /** Cron expression (UTC): the queue sends the job itself on this schedule, once across all processes. */
  schedule?: string;
  /**
   * pg-boss queue policy: 'standard'; 'short' = at most one waiting job per singleton key; 'stately' =
   * at most one waiting and one running per key; 'singleton' = at most one running per key.
   */
  policy?: 'standard' | 'short' | 'stately' | 'singleton';
  /** Delete the job once it succeeded, for payloads that must not outlive their use (one-time links). */
  deleteOnComplete?: boolean;
  /**
   * The payload field naming the member a job is for (their e-mail address or user id), so that a
   * member's export lists their waiting jobs and erasing the member deletes them (jobs.member-data.ts).
   */
  addressedTo?: { field: string; holds: 'email' | 'userId' };
}

export interface JobRun {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

export interface JobDefinition<N extends string = string, S extends z.ZodType = z.ZodType>
  extends JobSettings {
  /** Letters, digits and dashes: `<module>-<what>`. */
  name: N;
  payload: S;
  run(ctx: AppContext, data: z.output<S>, job: JobRun): Promise<unknown>;
}

/** Declares a job of a module; it runs once it is listed in job-table.ts. */
export function defineJob<const N extends string, S extends z.ZodType>(
  definition: JobDefinition<N, S>,
): JobDefinition<N, S> {
  return definition;
}

export const jobDefaults = {
  retryLimit: 5,
  retryDelaySec: 30,
  retryBackoff: true,
  expireInSec: 15 * 60,
} satisfies JobSettings;
