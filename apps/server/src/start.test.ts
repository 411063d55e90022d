import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from './lib/paths.ts';

const startScript = path.join(serverRoot, '../../scripts/start.mjs');

/** What `npm start` would build in a checkout at `root` (`--plan` prints it and exits). */
function plan(root: string): Array<{ name: string; reason: string }> {
  const r = spawnSync(process.execPath, [startScript, '--plan'], {
    env: { ...process.env, START_ROOT: root },
  });
  expect(r.status, r.stderr.toString()).toBe(0);
  return JSON.parse(r.stdout.toString());
}

/** Writes a file dated `at`, and dates the folders above it the same (as adding a file would). */
function file(root: string, rel: string, at: number) {
  const p = path.join(root, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, rel);
  const t = new Date(at);
  for (let q = p; q.startsWith(root) && q !== root; q = path.dirname(q)) utimesSync(q, t, t);
}

const sources = [
  'package.json',
  'tsconfig.base.json',
  'packages/contracts/src/errors.ts',
  'apps/web/src/main.tsx',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/server/src/app.ts',
  'apps/server/build.mjs',
];

/** A checkout whose sources were written at `t` and, when `builtAt` is given, built then. */
function checkout(t: number, builtAt?: number): string {
  const root = mkdtempSync(path.join(tmpdir(), 'trostnetz-start-'));
  for (const s of sources) file(root, s, t);
  if (builtAt) {
    file(root, 'apps/web/dist/index.html', builtAt);
    file(root, 'apps/server/dist/server.js', builtAt);
  }
  return root;
}

describe('issue 19: npm start builds only what is missing or older than its sources', () => {
  const t = Date.now() - 60_000;

  it('a fresh clone (no build) builds the web app and the server', () => {
    expect(plan(checkout(t))).toEqual([
      { name: 'web', reason: 'missing' },
      { name: 'server', reason: 'missing' },
    ]);
  });

  it('a restart with nothing changed builds nothing', () => {
    expect(plan(checkout(t, t + 1000))).toEqual([]);
  });

  it('a changed server source rebuilds the server only', () => {
    const root = checkout(t, t + 1000);
    file(root, 'apps/server/src/app.ts', t + 2000);
    expect(plan(root)).toEqual([{ name: 'server', reason: 'sources changed' }]);
  });

  it('a changed web source rebuilds the web app only', () => {
    const root = checkout(t, t + 1000);
    file(root, 'apps/web/src/features/new.tsx', t + 2000);
    expect(plan(root)).toEqual([{ name: 'web', reason: 'sources changed' }]);
  });

  it('a changed build plugin of the web app (apps/web/build) rebuilds the web app only', () => {
    const root = checkout(t, t + 1000);
    file(root, 'apps/web/build/zod-browser.ts', t + 2000);
    expect(plan(root)).toEqual([{ name: 'web', reason: 'sources changed' }]);
  });

  it('a changed shared package rebuilds both', () => {
    const root = checkout(t, t + 1000);
    file(root, 'packages/contracts/src/errors.ts', t + 2000);
    expect(plan(root).map((p) => p.name)).toEqual(['web', 'server']);
  });

  it('a missing server build is built even when the web app is current', () => {
    const root = checkout(t, t + 1000);
    file(root, 'apps/web/dist/index.html', t + 1000);
    spawnSync('rm', [path.join(root, 'apps/server/dist/server.js')]);
    expect(plan(root)).toEqual([{ name: 'server', reason: 'missing' }]);
  });
});
