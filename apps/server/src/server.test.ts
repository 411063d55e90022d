import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from './lib/paths.ts';
import { freePort, sharedSecrets } from './test/spawn-server.ts';

/** Starts src/server.ts as `npm start` would and returns the first log line that names the address. */
async function startupLine(env: Record<string, string>): Promise<{ msg: string; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/server.ts')], {
    env: {
      ...process.env,
      ...sharedSecrets,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'trostnetz-start-')),
      WEB_DIST: path.join(tmpdir(), 'no-web-dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const msg = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        for (const line of out.split('\n')) {
          try {
            const entry = JSON.parse(line) as { msg?: string };
            if (entry.msg?.includes('is ready')) resolve(entry.msg);
          } catch {}
        }
      });
      child.once('exit', (code) =>
        reject(new Error(`server exited with ${code} before it was ready:\n${out}`)),
      );
    });
    return { msg, port };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

// One process of its own per case: run once, in the PGlite project.
describe.skipIf(process.env.TEST_DB === 'postgres')(
  'issue 9 item 18: at start the log names the address members must use',
  () => {
    it('by default http://localhost:PORT, said to be the address of the links in e-mails', async () => {
      const { msg, port } = await startupLine({});
      expect(msg).toBe(
        `Trostnetz is ready. Members open http://localhost:${port} (APP_URL): links in e-mails point there, and another address (such as 127.0.0.1 for localhost) is another origin where they are signed out.`,
      );
    });

    it('APP_URL when it is set', async () => {
      const { msg } = await startupLine({ APP_URL: 'https://trost.example' });
      expect(msg).toContain('Members open https://trost.example (APP_URL)');
    });
  },
);
