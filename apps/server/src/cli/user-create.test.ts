import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverRoot } from '../lib/paths.ts';

const usage = 'usage: npm run user:create -- --email E --password P [--nickname N] [--verified] [--admin]';
let dataDir: string | undefined;

/** `npm run user:create -- ...args` as an operator runs it, on a data folder of its own. */
function userCreate(...args: string[]) {
  dataDir = mkdtempSync(path.join(tmpdir(), 'trostnetz-user-create-'));
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/user-create.ts', ...args], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: path.join(dataDir, 'data'), DATABASE_URL: '' },
    encoding: 'utf8',
  });
  return { code: r.status, stderr: r.stderr.trim() };
}

afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// Each case is a process of its own that never opens a database: run once, in the PGlite project.
describe.skipIf(process.env.TEST_DB === 'postgres')('user:create says what it needs', () => {
  it('--admin alone names both the address and the password it needs, and creates nothing', () => {
    const r = userCreate('--admin');
    expect(r).toEqual({
      code: 1,
      stderr: `user:create needs --email (the address the account signs in with) and --password (at least 12 characters, not easy to guess).\n${usage}`,
    });
    expect(existsSync(path.join(dataDir as string, 'data'))).toBe(false);
  });

  it('an address without a password names only the password', () => {
    const r = userCreate('--email', 'admin@example.org', '--admin');
    expect(r.stderr.split('\n')[0]).toBe(
      'user:create needs --password (at least 12 characters, not easy to guess).',
    );
  });

  it('a one-letter local part suggests --nickname instead of a bare length error', () => {
    const r = userCreate('--email', 'a@example.org', '--password', 'a long passphrase 7', '--admin');
    expect(r).toEqual({
      code: 1,
      stderr:
        'nickname: "a" (taken from the address) cannot be the name others see (This field must have at least 2 characters.); choose one with --nickname NAME',
    });
  });

  it('a nickname given by hand that is too short keeps the plain field error', () => {
    const r = userCreate('--email', 'a@example.org', '--password', 'a long passphrase 7', '--nickname', 'x');
    expect(r).toEqual({ code: 1, stderr: 'nickname: This field must have at least 2 characters.' });
  });
});
