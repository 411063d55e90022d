import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverRoot } from '../lib/paths.ts';

export const sharedSecrets = {
  JWT_SECRET: 'spawn-jwt-secret-0123456789-0123456789-abcdef',
  APP_KEY: 'spawn-app-key-0123456789-0123456789-abcdefgh',
  PUSHER_APP_ID: '515151',
  PUSHER_APP_KEY: 'spawnkey0123456789ab',
  PUSHER_APP_SECRET: 'spawnsecret012345678',
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface SpawnedServer {
  port: number;
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Sends SIGTERM and resolves with the exit code and how long the exit took. */
  stop(): Promise<{ code: number | null; ms: number }>;
}

/** Where vitest.server-bundle-setup.ts put the bundled server for this run. */
export const SERVER_BUNDLE_ENV = 'TROSTNETZ_TEST_SERVER_BUNDLE';
/** A data directory that bundle has started once (migrated, seeded), copied for each spawned server. */
export const SERVER_DATA_TEMPLATE_ENV = 'TROSTNETZ_TEST_SERVER_DATA';

/** How to start the server as `npm start` would: the run's bundle, or src/server.ts through tsx. */
export function serverCommand(): string[] {
  const bundle = process.env[SERVER_BUNDLE_ENV];
  return bundle ? [bundle] : ['--import', 'tsx', path.join(serverRoot, 'src/server.ts')];
}

/** A fresh data directory: a copy of the run's started one when there is one (no first-start migrations). */
export function freshDataDir(prefix = 'trostnetz-node-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = process.env[SERVER_DATA_TEMPLATE_ENV];
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * Starts the server as its own process, from the bundle `npm start` would run (built once per test run),
 * or from src/server.ts through tsx when a test runs without the setup; waits for /ready.
 */
export async function spawnServer(
  // A key set to undefined is left out of the server's environment (HOST: undefined gives the default).
  env: Record<string, string | undefined>,
  opts: { nodeArgs?: string[]; stdout?: number } = {},
): Promise<SpawnedServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? freshDataDir();
  // nodeArgs: flags for Node itself that NODE_OPTIONS refuses (the benchmarks' --cpu-prof); stdout: a file
  // descriptor for the log (a benchmark keeps the production log level without printing it).
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...serverCommand()], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(tmpdir(), 'no-web-dist'),
      ...sharedSecrets,
      ...env,
    },
    stdio: ['ignore', opts.stdout ?? 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // 50 s, inside the tests' 60 s hook timeout, so this error is the one reported. A server that never became ready is
  // killed, so it does not outlive the test run.
  const deadline = Date.now() + 50_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/ready`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become ready within 50 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    url,
    dataDir,
    process: child,
    stop() {
      const started = Date.now();
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve({ code: child.exitCode, ms: 0 });
        // A server that has not ended 15 s after SIGTERM is killed, so a test never hangs on it.
        const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', (code) => {
          clearTimeout(kill);
          resolve({ code, ms: Date.now() - started });
        });
        child.kill('SIGTERM');
      });
    },
  };
}
