// npm run bench [-- realtime|matching|chat|export-memory|groups|lighthouse|restart ...]: runs the benchmarks one after another and prints their
// figures. They talk only to 127.0.0.1 (PostgreSQL/Redis there when available) and stop by themselves.
import { spawnSync } from 'node:child_process';

const all = ['realtime', 'matching', 'chat', 'export-memory', 'groups', 'lighthouse', 'restart'];
const chosen = process.argv.slice(2).filter((a) => all.includes(a));
// Anything else on the command line goes to each chosen benchmark (`npm run bench -- matching --sizes 1000000`).
const passed = process.argv.slice(2).filter((a) => !all.includes(a));
let failed = false;
for (const name of chosen.length ? chosen : all) {
  console.log(`\n=== bench/${name}.ts`);
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', `bench/${name}.ts`, ...passed], {
    stdio: 'inherit',
  });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
