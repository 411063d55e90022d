// CPU time of processes on this machine (Linux /proc), so a benchmark can say what each part costs per
// unit of work however busy the machine is: the server, PostgreSQL, Redis, the load generator.
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function stat(pid: number | string): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name in parentheses (which may hold spaces).
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** User + system CPU of a process in ms (0 once it has exited). */
export function processCpuMs(pid: number): number {
  const f = stat(pid);
  return f ? (Number(f[11]) + Number(f[12])) * TICK_MS : 0;
}

/**
 * CPU of every process with this command name, in ms. Children that already ended (PostgreSQL's
 * backends of closed connections) are counted through their parents' reaped-children time.
 */
export function commandCpuMs(command: string): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let comm: string;
    try {
      comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm !== command) continue;
    const f = stat(pid);
    if (f) total += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_MS;
  }
  return total;
}

/** Busy CPU of the whole machine in ms (all cores), from /proc/stat. */
export function machineBusyMs(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  return (cpu.reduce((a, b) => a + b, 0) - idle) * TICK_MS;
}

/**
 * Waits until the machine is quiet (under `percent` busy of one core over half a second), at least a
 * second and at most `maxMs`; answers how long it waited.
 */
export async function settle({ percent = 15, maxMs = 30_000 } = {}): Promise<number> {
  const start = performance.now();
  await sleep(500);
  for (;;) {
    const busy = machineBusyMs();
    const at = performance.now();
    await sleep(500);
    const quiet = (100 * (machineBusyMs() - busy)) / (performance.now() - at) < percent;
    if (quiet || performance.now() - start >= maxMs) return performance.now() - start;
  }
}

/**
 * PostgreSQL backends of one client program (its `application_name`), for CPU readings across a step:
 * take() before and after; the difference is what those backends spent. Backends that ended meanwhile
 * are lost (pools here keep theirs while they are busy).
 */
export function backendsOf(
  admin: { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> },
  name: string,
) {
  return async (): Promise<Map<number, number>> => {
    const { rows } = await admin.query('select pid from pg_stat_activity where application_name = $1', [
      name,
    ]);
    return new Map((rows as Array<{ pid: number }>).map(({ pid }) => [pid, processCpuMs(pid)]));
  };
}

/** CPU-ms spent between two readings of `backendsOf`. */
export function spentBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
