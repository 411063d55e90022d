import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strongPassword } from '../test/factories.ts';
import { type SpawnedServer, spawnServer } from '../test/spawn-server.ts';

/** A login through the real port: its status, or the error its connection ended with. */
async function login(url: string, email: string): Promise<number | string> {
  try {
    const res = await fetch(`${url}/api/auth/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'de' },
      body: JSON.stringify({ username: email, password: strongPassword }),
    });
    const body = (await res.json()) as { code?: string; token?: string };
    // A complete answer: the tokens, or the catalogue's 503 in the member's language.
    if (res.status === 200 && body.token) return 200;
    if (res.status === 503 && body.code === 'unavailable') return 503;
    return `${res.status} ${JSON.stringify(body)}`;
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? String(err);
  }
}

describe('shutdown: logins in flight at SIGTERM', () => {
  let server: SpawnedServer;
  const email = 'abschied@example.org';
  beforeAll(async () => {
    // A short budget, so the test is quick; logins unlimited per address for the burst.
    server = await spawnServer({ SHUTDOWN_BUDGET_SECONDS: '4', RATE_LIMIT_FACTOR: '100' });
    const res = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        nickname: 'Abschied',
        password: strongPassword,
        password_confirmation: strongPassword,
        terms_accepted: true,
      }),
    });
    expect(res.status).toBe(201);
  });
  afterAll(() => server.stop());

  it('100 logins in flight at SIGTERM each get a complete answer (200 or 503), none is reset; a new login after it answers 503', async () => {
    const burst = Array.from({ length: 100 }, () => login(server.url, email));
    // Every request has reached the server; most wait for their password check.
    await new Promise((r) => setTimeout(r, 300));
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGTERM');
    // Sent just after the signal: refused, whether it arrives before the signal is handled (it waits
    // behind the burst for its password check) or after (refused at once).
    await new Promise((r) => setTimeout(r, 20));
    const late = await login(server.url, email);
    const answers = await Promise.all(burst);
    const code = await exited;

    expect(late).toBe(503);
    const tally: Record<string, number> = {};
    for (const a of answers) tally[a] = (tally[a] ?? 0) + 1;
    expect(
      Object.keys(tally).filter((k) => k !== '200' && k !== '503'),
      JSON.stringify(tally),
    ).toEqual([]);
    // It ended on its own within its budget (past the budget it is ended with code 1).
    expect(code).toBe(0);
  });
});
