import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/moderation.ts';
import { onboardMember, strongPassword } from '../../test/factories.ts';
import { grantRole, staffSignIn, totpCode } from '../../test/staff.ts';
import { createTestApp, outbox, type TestApp } from '../../test/test-app.ts';
import { SECOND_FACTOR_FAILURES_MAILED } from './staff.service.ts';

/**
 * Second-factor guesses are limited per staff account as well as per address (the login throttle's rule:
 * 10 in 15 minutes, then one every 30 seconds), and the account's owner is told by mail after repeated
 * wrong codes, whichever addresses they came from.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address = 0;
/** One request from an address of its own, so no per-address limit is ever reached. */
const fromNewAddress = (url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: `198.51.100.${++address}`,
    headers: { 'accept-language': 'de' },
  });

describe('second-factor guesses per staff account, across addresses', () => {
  it('wrong codes from many addresses share one count: the 12th try is 429 even with the right code; the owner gets one mail at the 5th wrong code, never the code itself', async () => {
    const m = await onboardMember(t);
    await grantRole(t, m.id, 'moderator');
    await staffSignIn(t, m);
    const start = await fromNewAddress('/api/admin/session', { email: m.email, password: strongPassword });
    expect(start.statusCode).toBe(200);
    const challenge = start.json().challenge as string;
    const right = await totpCode(t, m.id, Math.floor(Date.now() / 1000) + 60);
    const wrong = right === '000000' ? '111111' : '000000';
    const mails = async () =>
      (await outbox(t)).filter((x) => x.to === m.email && x.subject.includes('falsche Codes'));

    for (let i = 1; i <= 11; i++) {
      const res = await fromNewAddress('/api/admin/session/totp', { challenge, code: wrong });
      expect([res.statusCode, res.json().code], `try ${i}`).toEqual([401, 'totp_invalid']);
      if (i === SECOND_FACTOR_FAILURES_MAILED - 1) expect(await mails()).toHaveLength(0);
    }
    const slowed = await fromNewAddress('/api/admin/session/totp', { challenge, code: right });
    expect([slowed.statusCode, slowed.json().code]).toEqual([429, 'rate_limited']);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);

    const told = await mails();
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('Trostnetz: Mehrere falsche Codes bei deiner Anmeldung zur Verwaltung');
    expect(told[0]!.text).not.toContain(wrong);
    const failed = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, m.id), eq(auditLog.action, 'staff.second_factor_failed')));
    expect(failed).toHaveLength(11);
  });

  it("another staff member's count is their own: their right code still signs them in", async () => {
    const other = await onboardMember(t);
    await grantRole(t, other.id, 'support');
    expect((await staffSignIn(t, other)).token).toEqual(expect.any(String));
  });
});
