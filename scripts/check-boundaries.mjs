// npm run lint:boundaries: the import boundaries (.dependency-cruiser.cjs), then the import cycles among
// run-time imports (.dependency-cruiser-cycles.cjs). Both always run; either failing fails the step.
import { spawnSync } from 'node:child_process';

const targets = ['apps', 'packages', 'e2e', 'bench', 'scripts'];
let ok = true;
for (const config of ['.dependency-cruiser.cjs', '.dependency-cruiser-cycles.cjs']) {
  const r = spawnSync('npx', ['depcruise', '--config', config, ...targets], { stdio: 'inherit' });
  ok = r.status === 0 && ok;
}
process.exit(ok ? 0 : 1);
