// The registry mirror reachable here serves only the Linux builds of rollup's platform packages, so npm
// leaves the other platforms out of package-lock.json and `npm ci` then refuses the lock. This adds
// those entries the way npm writes them with the full registry: optional and gated by os/cpu/libc, so
// they are skipped (never fetched) on other platforms. Run after `npm install`: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const cpus = {
  'arm-eabi': 'arm',
  arm64: 'arm64',
  x64: 'x64',
  arm: 'arm',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  ia32: 'ia32',
};
let added = 0;

for (const [where, entry] of Object.entries(lock.packages)) {
  if (!where.endsWith('node_modules/rollup') || !entry.optionalDependencies) continue;
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const key = `node_modules/${name}`;
    if (lock.packages[key] || !name.startsWith('@rollup/rollup-')) continue;
    const [os, arch, abi] = name.replace('@rollup/rollup-', '').split('-');
    const cpu = cpus[arch === 'arm' && abi === 'eabi' ? 'arm-eabi' : arch] ?? arch;
    const libc = abi?.startsWith('musl') ? ['musl'] : os === 'linux' ? ['glibc'] : undefined;
    lock.packages[key] = {
      version,
      cpu: [cpu],
      dev: true,
      license: 'MIT',
      ...(libc ? { libc } : {}),
      optional: true,
      os: [os],
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform entries`);
