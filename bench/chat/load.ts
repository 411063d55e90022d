// The parent side of the chat load generator: forks the worker processes, hands each whole pairs of
// members, runs steps at a given rate and merges what the workers measured.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Latencies } from '../lib/latency.ts';
import type { Target, ToWorker, WorkerMember, WorkerReport } from './load-worker.ts';

const entry = fileURLToPath(new URL('./load-worker.ts', import.meta.url));
/**
 * Every message of a run gets a text and client_id of its own: a repeated client_id is, by design, answered
 * with the stored message and not delivered again, which would show as lost (runs share the database).
 */
const runId = randomBytes(4).toString('hex');
let steps = 0;

export interface StepResult {
  rate: number;
  seconds: number;
  /** Messages answered 2xx per second of sending. */
  achieved: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  sent: number;
  errors: number;
  statuses: Record<string, number>;
  lost: number;
  lostToClosedSockets: number;
  closes: Record<string, number>;
  doubled: number;
  /** Worst event-loop delay over the load-generator processes (p99 / max). */
  clientLoopP99Ms: number;
  clientLoopMaxMs: number;
}

export interface Load {
  pids: number[];
  init(target: Target, members: WorkerMember[], appKey: string): Promise<void>;
  step(rate: number, seconds: number, tag: string, opts?: { inTurn?: boolean }): Promise<StepResult>;
  close(): Promise<void>;
}

export async function startLoad(workers: number): Promise<Load> {
  const children: ChildProcess[] = Array.from({ length: workers }, () =>
    fork(entry, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  const ask = <T>(child: ChildProcess, msg: ToWorker): Promise<T> =>
    new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`load worker exited with ${code}`));
      child.once('exit', onExit);
      child.once('message', (answer: { ok: boolean; result?: T; error?: string }) => {
        child.off('exit', onExit);
        if (answer.ok) resolve(answer.result as T);
        else reject(new Error(answer.error));
      });
      child.send(msg);
    });
  return {
    pids: children.map((c) => c.pid ?? 0),
    async init(target, members, appKey) {
      // Whole pairs per worker: members 2k and 2k+1 are partners.
      const shares: WorkerMember[][] = children.map(() => []);
      for (let i = 0; i + 1 < members.length; i += 2) {
        shares[(i / 2) % children.length]!.push(members[i]!, members[i + 1]!);
      }
      await Promise.all(
        children.map((c, i) => ask(c, { type: 'init', target, members: shares[i]!, appKey })),
      );
    },
    async step(rate, seconds, tag, opts = {}) {
      const step = ++steps;
      const startAt = Date.now() + 300;
      const reports = await Promise.all(
        children.map((c, i) =>
          ask<WorkerReport>(c, {
            type: 'run',
            rate: rate / children.length,
            seconds,
            startAt,
            // The workers' sends interleave evenly instead of arriving in bursts of one per worker.
            phaseMs: (i * 1000) / rate,
            tag: `${tag}-${runId}-${step}w${i}`,
            ...(opts.inTurn ? { inTurn: true } : {}),
          }),
        ),
      );
      const latencies = new Latencies(reports.flatMap((r) => r.latencies));
      const statuses: Record<string, number> = {};
      for (const r of reports)
        for (const [s, n] of Object.entries(r.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
      const ok = reports.reduce((n, r) => n + r.ok, 0);
      return {
        rate,
        seconds,
        achieved: ok / Math.max(...reports.map((r) => r.sendSeconds)),
        p50: latencies.percentile(50),
        p95: latencies.percentile(95),
        p99: latencies.percentile(99),
        max: latencies.maxMs,
        sent: reports.reduce((n, r) => n + r.sent, 0),
        errors: reports.reduce((n, r) => n + r.errors, 0),
        statuses,
        lost: reports.reduce((n, r) => n + r.lost, 0),
        lostToClosedSockets: reports.reduce((n, r) => n + r.lostToClosedSockets, 0),
        closes: reports.reduce<Record<string, number>>((all, r) => {
          for (const [code, n] of Object.entries(r.closes)) all[code] = (all[code] ?? 0) + n;
          return all;
        }, {}),
        doubled: reports.reduce((n, r) => n + r.doubled, 0),
        clientLoopP99Ms: Math.max(...reports.map((r) => r.loopP99Ms)),
        clientLoopMaxMs: Math.max(...reports.map((r) => r.loopMaxMs)),
      };
    },
    async close() {
      await Promise.all(
        children.map(async (c) => {
          if (c.exitCode !== null) return;
          const exited = new Promise((r) => c.once('exit', r));
          c.send({ type: 'close' });
          await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
          if (c.exitCode === null) c.kill('SIGKILL');
        }),
      );
    },
  };
}
