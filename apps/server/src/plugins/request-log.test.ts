import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { registerMember, strongPassword } from '../test/factories.ts';
import { call, createTestApp, outbox, type TestApp } from '../test/test-app.ts';

/** Every log line the app writes, as pino writes it. */
function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** Registers, verifies, asks for a reset and sets a new password: every secret link on its way. */
async function walkThroughEveryLink(app: TestApp) {
  const m = await registerMember(app);
  const verifyLink = new URL(
    (await outbox(app)).flatMap((x) => x.links).find((l) => l.includes('/email/verify/'))!,
  );
  const [, , , , hash] = verifyLink.pathname.split('/');
  const signature = verifyLink.searchParams.get('signature')!;
  // The member's browser opens the mailed page (the web app), which then calls the API.
  await app.app.inject({ method: 'GET', url: `${verifyLink.pathname}${verifyLink.search}` });
  const verified = await call(
    app,
    'POST',
    `/api/verify${verifyLink.pathname.replace('/email/verify', '')}${verifyLink.search}`,
  );
  expect(verified.status).toBe(204);
  await call(app, 'POST', '/api/auth/forgot-password', { body: { email: m.email } });
  const resetLink = (await outbox(app)).flatMap((x) => x.links).find((l) => l.includes('/password/reset/'))!;
  const resetToken = resetLink.split('/password/reset/')[1]!;
  await app.app.inject({ method: 'GET', url: `/password/reset/${resetToken}` });
  const refreshed = await call(app, 'GET', '/api/auth/tokens/refresh', { token: m.refresh_token });
  const newPassword = `${strongPassword} neu`;
  const reset = await call(app, 'POST', '/api/auth/reset-password', {
    body: { token: resetToken, password: newPassword, password_confirmation: newPassword },
  });
  expect(reset.status).toBe(200);
  return [hash!, signature, resetToken, m.token, m.refresh_token, refreshed.json.refresh_token as string];
}

describe('issue 9 item 6: no tokens in logs (DESIGN.md §8)', () => {
  it('in production the log holds no verification hash or signature, reset, access or refresh token', async () => {
    const log = captureLog();
    t = await createTestApp({}, { NODE_ENV: 'production', LOG_LEVEL: 'info' }, { logStream: log.stream });
    const secrets = await walkThroughEveryLink(t);
    expect(log.lines.length).toBeGreaterThan(5); // one line per request (and the mails)
    for (const secret of secrets) {
      const leaks = log.lines.filter((line) => line.includes(secret));
      expect(leaks, secret).toEqual([]);
    }
  });

  it('each request is logged by its route pattern and a redacted address', async () => {
    const log = captureLog();
    t = await createTestApp({}, { NODE_ENV: 'production', LOG_LEVEL: 'info' }, { logStream: log.stream });
    await walkThroughEveryLink(t);
    const requests = log.lines
      .map((line) => JSON.parse(line) as { req?: { method: string; route?: string; url: string } })
      .flatMap((entry) => (entry.req ? [entry.req] : []));
    const verify = requests.find((r) => r.route === '/api/verify/:user_id/:hash');
    expect(verify?.url).toBe('/api/verify/[redacted]/[redacted]?expires=[redacted]&signature=[redacted]');
    const page = requests.find((r) => r.method === 'GET' && r.url.startsWith('/password/reset/'));
    expect(page?.url).toBe('/password/reset/[redacted]');
    expect(requests.find((r) => r.url.startsWith('/email/verify/'))?.url).toBe(
      '/email/verify/[redacted]/[redacted]?expires=[redacted]&signature=[redacted]',
    );
  });

  it('each request is one line, written when it is answered: route pattern, redacted address, status, time (issue 18)', async () => {
    const log = captureLog();
    t = await createTestApp({}, { NODE_ENV: 'production', LOG_LEVEL: 'info' }, { logStream: log.stream });
    const m = await registerMember(t);
    const before = log.lines.length;
    expect((await call(t, 'GET', `/api/chat/${m.id}/messages`, { token: m.token })).status).toBeLessThan(500);
    const lines = log.lines.slice(before).map(
      (line) =>
        JSON.parse(line) as {
          msg: string;
          req?: { route?: string; url: string };
          res?: { statusCode: number };
          responseTime?: number;
        },
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { route: '/api/chat/:partner/messages', url: '/api/chat/[redacted]/messages' },
      res: { statusCode: expect.any(Number) },
      responseTime: expect.any(Number),
    });
  });

  it('outside production the outbox still logs the links of each mail (README: for trying it out)', async () => {
    const log = captureLog();
    t = await createTestApp({}, { NODE_ENV: 'development', LOG_LEVEL: 'info' }, { logStream: log.stream });
    const [hash, signature, resetToken] = await walkThroughEveryLink(t);
    const mailLines = log.lines.filter((line) => line.includes('mail written to outbox'));
    expect(mailLines.some((line) => line.includes(hash!) && line.includes(signature!))).toBe(true);
    expect(mailLines.some((line) => line.includes(resetToken!))).toBe(true);
    const others = log.lines.filter((line) => !line.includes('mail written to outbox'));
    for (const secret of [hash!, signature!, resetToken!]) {
      expect(others.filter((line) => line.includes(secret))).toEqual([]);
    }
  });

  it('a failed query is logged without its parameters (a message body, a token hash)', async () => {
    const log = captureLog();
    t = await createTestApp({}, { NODE_ENV: 'production', LOG_LEVEL: 'info' }, { logStream: log.stream });
    const secret = 'Mein ganz privater Nachrichtentext';
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    const failed = new DrizzleQueryError('insert into messages (body) values ($1)', [secret, 42], cause);
    t.app.log.error({ err: failed }, 'unhandled error');
    const line = log.lines.find((l) => l.includes('unhandled error'))!;
    expect(line).not.toContain(secret);
    const logged = JSON.parse(line) as { err: { message: string; query: string; cause: { code: string } } };
    expect(logged.err.message).toBe(
      'Failed query: insert into messages (body) values ($1)\nparams: [redacted]',
    );
    expect(logged.err.query).toBe('insert into messages (body) values ($1)');
    expect(logged.err.cause.code).toBe('22021');
  });
});
