// npm run bench [-- realtime|matching|chat|export-memory|groups|lighthouse|restart|cluster ...] [--json FILE]
// [--compare A.json B.json]: bench/run.ts runs the benchmarks and prints every figure in one table.
import { spawnSync } from 'node:child_process';

const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
