import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { describe, expect, it, onTestFinished } from 'vitest';
import { freePort, freshDataDir, serverCommand, sharedSecrets, spawnServer } from './test/spawn-server.ts';

/**
 * The server as `npm start` runs it, on `port` with a fresh data folder, no web app and `env` on top. Both
 * outputs are pipes: a test that only reads standard output passes standard error on to its own.
 */
function spawnServerProcess(
  port: number,
  dataPrefix: string,
  env: Record<string, string>,
): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(process.execPath, serverCommand(), {
    env: {
      ...process.env,
      ...sharedSecrets,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: freshDataDir(dataPrefix),
      WEB_DIST: path.join(tmpdir(), 'no-web-dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Starts the server as `npm start` would and returns the startup entry (the first log line that
 * names the address) and everything printed until then. Standard output is a pipe, not a terminal.
 */
async function startupLine(
  env: Record<string, string>,
): Promise<{ msg: string; port: number; entry: Record<string, unknown>; out: string }> {
  const port = await freePort();
  const child = spawnServerProcess(port, 'trostnetz-start-', env);
  child.stderr.pipe(process.stderr);
  try {
    let out = '';
    const entry = await new Promise<Record<string, unknown> & { msg: string }>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        for (const line of out.split('\n')) {
          try {
            const entry = JSON.parse(line) as { msg?: string };
            if (entry.msg?.includes('is ready')) resolve(entry as typeof entry & { msg: string });
          } catch {}
        }
        // Readable lines (LOG_FORMAT=pretty): wait for the block after the ready line.
        if (/is ready[\s\S]*payments:/.test(out)) resolve({ msg: '' });
      });
      child.once('exit', (code) =>
        reject(new Error(`server exited with ${code} before it was ready:\n${out}`)),
      );
    });
    return { msg: entry.msg, port, entry, out };
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
      const { msg, port, entry } = await startupLine({});
      expect(msg).toBe(`Trostnetz is ready: open http://localhost:${port}`);
      expect(entry.url_note).toBe(
        'APP_URL: links in e-mails point there; another address (such as 127.0.0.1 for localhost) is another origin, where members are signed out',
      );
    });

    it('APP_URL when it is set', async () => {
      const { msg } = await startupLine({ APP_URL: 'https://trost.example' });
      expect(msg).toBe('Trostnetz is ready: open https://trost.example');
    });
  },
);

describe.skipIf(process.env.TEST_DB === 'postgres')(
  'issue 19: readable logs on a terminal, JSON otherwise, one short startup block',
  () => {
    it('JSON lines when standard output is not a terminal; the block names URL, database, realtime, mail, payments', async () => {
      const { entry, port, out } = await startupLine({ SMTP_URL: 'smtp://user:secret@mail.example:587' });
      expect(entry).toMatchObject({
        url: `http://localhost:${port}`,
        database: expect.stringMatching(/^PGlite in .*pglite$/),
        realtime: 'embedded, one process',
        mail: 'SMTP smtp://mail.example:587',
        payments: 'test provider',
      });
      expect(out).not.toContain('secret'); // no password from a service address
    });

    it('LOG_FORMAT=pretty gives readable lines (no JSON); STRIPE_SECRET_KEY switches the payments mode', async () => {
      const { out } = await startupLine({ LOG_FORMAT: 'pretty', STRIPE_SECRET_KEY: 'sk_test_x' });
      const lines = out.split('\n').filter(Boolean);
      expect(lines.some((l) => l.startsWith('{'))).toBe(false);
      expect(out).toMatch(/INFO.*Trostnetz is ready/);
      expect(out).toContain('payments: "stripe"');
      expect(out).toContain('mail: "outbox ');
    });
  },
);

describe.skipIf(process.env.TEST_DB === 'postgres')('issue 18: JSON lines are written in batches', () => {
  it('every line is out once the process has ended on SIGTERM: the last request and the shutdown', async () => {
    const port = await freePort();
    const child = spawnServerProcess(port, 'trostnetz-log-', {});
    child.stderr.pipe(process.stderr);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const deadline = Date.now() + 30_000;
    let ready = false;
    while (!ready && Date.now() < deadline) {
      ready = await fetch(`http://127.0.0.1:${port}/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    expect(ready).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/api/chat/7/messages`)).status).toBe(401);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const entries = out
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; req?: { route?: string } });
    expect(
      entries.some((e) => e.msg === 'request completed' && e.req?.route === '/api/chat/:partner/messages'),
    ).toBe(true);
    expect(entries.some((e) => e.msg.startsWith('shutting down'))).toBe(true);
  });
});

/** Starts the server and waits for it to end by itself: its exit code and what it printed. */
async function exitedStart(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawnServerProcess(await freePort(), 'trostnetz-refused-', env);
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    out += c.toString();
  });
  // A server that does start is stopped before the test's own time runs out (and never outlives it).
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await exited;
  clearTimeout(timer);
  return { code, out };
}

describe.skipIf(process.env.TEST_DB === 'postgres')(
  'the built-in test payment provider does not run in production unless the operator says so',
  () => {
    it('NODE_ENV=production without STRIPE_SECRET_KEY refuses to start and names both ways out', async () => {
      const flags: Record<string, string>[] = [
        {},
        { PAYMENTS_TEST_PROVIDER: 'false' },
        { PAYMENTS_TEST_PROVIDER: '' },
      ];
      for (const flag of flags) {
        const { code, out } = await exitedStart({ NODE_ENV: 'production', STRIPE_SECRET_KEY: '', ...flag });
        expect(code, JSON.stringify(flag)).toBe(1);
        expect(out).toContain('NODE_ENV=production needs STRIPE_SECRET_KEY');
        expect(out).toContain('Set PAYMENTS_TEST_PROVIDER=true to run it anyway');
        expect(out).not.toContain('is ready');
      }
    });

    it('with PAYMENTS_TEST_PROVIDER=true it starts and says at start that nothing is charged', async () => {
      const { entry, out } = await startupLine({
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: '',
        PAYMENTS_TEST_PROVIDER: 'true',
        LOG_FORMAT: 'json',
      });
      expect(entry.payments).toBe(
        'test provider in production (PAYMENTS_TEST_PROVIDER=true): checkouts succeed without charging anything',
      );
      expect(out).toContain(
        'the built-in test provider runs in production; checkouts succeed without charging anything',
      );
    });

    it('with STRIPE_SECRET_KEY production starts on Stripe, no flag needed', async () => {
      const { entry, out } = await startupLine({
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_test_x',
        LOG_FORMAT: 'json',
      });
      expect(entry.payments).toBe('stripe');
      expect(out).not.toContain('runs in production');
    });
  },
);

/** This machine's first address that is not loopback, where another host on its network would reach it. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

async function answersAt(host: string, port: number): Promise<boolean> {
  try {
    return (await fetch(`http://${host}:${port}/health`, { signal: AbortSignal.timeout(3_000) })).ok;
  } catch {
    return false;
  }
}

describe.skipIf(process.env.TEST_DB === 'postgres' || !outsideAddress)(
  'the server listens on localhost only unless HOST opens it',
  () => {
    it("without HOST, 127.0.0.1 answers and the machine's network address does not", async () => {
      const server = await spawnServer({ HOST: undefined });
      onTestFinished(() => server.stop().then(() => undefined));
      expect(await answersAt('127.0.0.1', server.port)).toBe(true);
      expect(await answersAt(outsideAddress as string, server.port)).toBe(false);
    });

    it("HOST=0.0.0.0 answers on the machine's network address too", async () => {
      const server = await spawnServer({ HOST: '0.0.0.0' });
      onTestFinished(() => server.stop().then(() => undefined));
      expect(await answersAt(outsideAddress as string, server.port)).toBe(true);
    });
  },
);
