// One shape for every benchmark's figures: printed as a table, and written as JSON (to --json FILE, and
// to BENCH_RESULTS_FILE when scripts/bench.mjs collects one table for all of them) so runs compare.
import { appendFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

export interface BenchRow {
  bench: string;
  metric: string;
  /** The figure itself (in `unit`), for comparing runs; null when there is none (skipped). */
  value: number | null;
  unit: string;
  /** As printed. */
  result: string;
  target: string;
  met: boolean | null;
  /** The machine's 1 / 5 / 15-minute load average when the figure was taken. */
  load: number[];
  at: string;
}

export const loadAverage = () => os.loadavg().map((l) => Math.round(l * 100) / 100);
export const formatLoad = (load: number[]) => load.map((l) => l.toFixed(2)).join(' / ');

export function createReport(bench: string) {
  const rows: BenchRow[] = [];
  return {
    rows,
    add(row: Omit<BenchRow, 'bench' | 'load' | 'at'> & { load?: number[] }): BenchRow {
      const full = { bench, ...row, load: row.load ?? loadAverage(), at: new Date().toISOString() };
      rows.push(full);
      return full;
    },
    /**
     * Prints the table (unless the benchmark printed its own) and writes the rows where asked
     * (`--json FILE`, BENCH_RESULTS_FILE).
     */
    finish(jsonFile?: string, opts: { print?: boolean } = {}): void {
      if (opts.print !== false) {
        console.log(`\n${formatTable(rows)}`);
        console.log(
          `\nMachine: ${os.cpus().length} cores, load average now ${formatLoad(loadAverage())} (1 / 5 / 15 min).`,
        );
      }
      if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(rows, null, 2)}\n`);
      const collector = process.env.BENCH_RESULTS_FILE;
      if (collector) for (const row of rows) appendFileSync(collector, `${JSON.stringify(row)}\n`);
    },
  };
}

export function formatTable(rows: BenchRow[]): string {
  const cells = rows.map((r) => [
    r.bench,
    r.metric,
    r.result,
    r.target,
    r.met === null ? '–' : r.met ? 'met' : 'MISSED',
    formatLoad(r.load),
  ]);
  const head = ['Bench', 'Figure', 'Result', 'Target', 'Status', 'Load avg 1/5/15'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}
