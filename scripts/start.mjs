// npm start: build what is missing or older than its sources, then run the server (issue 19).
// A restart with nothing changed skips both builds. `--plan` prints what would be built and exits.
// START_ROOT points at another checkout (the test uses a temporary one).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(
  process.env.START_ROOT ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
);

// Shared by both builds: the workspace packages and the config that shapes every build.
const shared = ['packages', 'package.json', 'package-lock.json', 'tsconfig.base.json'];
const targets = [
  {
    name: 'web',
    output: 'apps/web/dist/index.html',
    sources: [
      ...shared,
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      // The build's own plugins (zod for the browser, compressed copies, source maps).
      'apps/web/build',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
    ],
    // Warnings and errors only: the table of a hundred chunks is for whoever works on the bundle (npm run build).
    build: ['run', '--silent', 'build', '-w', '@trostnetz/web', '--', '--logLevel', 'warn'],
  },
  {
    name: 'server',
    output: 'apps/server/dist/server.js',
    sources: [...shared, 'apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json'],
    build: ['run', '--silent', 'build', '-w', '@trostnetz/server'],
  },
];

const skipped = new Set(['node_modules', 'dist', '.turbo']);

/** The newest modification time under a file or folder (0 when it does not exist). Tests count too: cheap and safe. */
function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs; // a deleted file changes its folder's time
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (skipped.has(entry.name)) continue;
    max = Math.max(max, newest(path.join(p, entry.name)));
  }
  return max;
}

function stale(target) {
  const out = path.join(root, target.output);
  if (!existsSync(out)) return 'missing';
  const built = statSync(out).mtimeMs;
  const changed = Math.max(...target.sources.map((s) => newest(path.join(root, s))));
  return changed > built ? 'sources changed' : null;
}

const plan = targets.map((t) => ({ name: t.name, reason: stale(t) })).filter((t) => t.reason);

if (process.argv.includes('--plan')) {
  console.log(JSON.stringify(plan));
  process.exit(0);
}

for (const { name, reason } of plan) {
  console.log(`Building the ${name === 'web' ? 'web app' : name} (${reason}) …`);
  const target = targets.find((t) => t.name === name);
  const r = spawnSync('npm', target.build, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
if (plan.length === 0) console.log('Build is current, starting.');

// The server runs in this process (no child to forward signals to): its module starts it on import.
await import(pathToFileURL(path.join(root, 'apps/server/dist/server.js')).href);
