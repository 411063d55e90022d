import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/moderation.ts';
import { type MemberTokens, onboardMember, strongPassword } from '../../test/factories.ts';
import { grantRole, makeSuperAdmin, staffSignIn, totpCode } from '../../test/staff.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const auditCount = async () => (await t.app.ctx.db.select().from(auditLog)).length;

describe('issue 16 staff sign-in: password, then TOTP; console sessions apart from members', () => {
  let mod: MemberTokens;
  beforeAll(async () => {
    mod = await onboardMember(t);
    await grantRole(t, mod.id, 'moderator');
  });

  it('the first sign-in enrols TOTP: a code confirms it, ten recovery codes come once, the token opens /api/admin/me', async () => {
    const start = await call(t, 'POST', '/api/admin/session', {
      body: { email: mod.email, password: strongPassword },
    });
    expect(start.status).toBe(200);
    expect(start.json).toMatchObject({
      step: 'enrol',
      challenge: expect.any(String),
      secret: expect.any(String),
    });
    expect(start.json.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    const wrong = await call(t, 'POST', '/api/admin/session/enrol', {
      body: { challenge: start.json.challenge, code: '000000' },
    });
    expect([wrong.status, wrong.json.code]).toEqual([401, 'totp_invalid']);
    const done = await call(t, 'POST', '/api/admin/session/enrol', {
      body: { challenge: start.json.challenge, code: await totpCode(t, mod.id) },
    });
    expect(done.status).toBe(200);
    expect(done.json.recovery_codes).toHaveLength(10);
    const me = await call(t, 'GET', '/api/admin/me', { token: done.json.token as string });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id: mod.id, roles: ['moderator'] });
    expect(me.json.permissions).toContain('reports.decide');
    expect(me.json.permissions).not.toContain('roles.assign');
  });

  it('TOTP is required after enrolment, and a code already used is refused (replay)', async () => {
    const start = await call(t, 'POST', '/api/admin/session', {
      body: { email: mod.email, password: strongPassword },
    });
    expect(start.json).toEqual({ step: 'totp', challenge: expect.any(String) });
    const missing = await call(t, 'POST', '/api/admin/session/totp', {
      body: { challenge: start.json.challenge },
    });
    expect(missing.status).toBe(422);
    // The challenge alone is no token.
    expect((await call(t, 'GET', '/api/admin/me', { token: start.json.challenge as string })).status).toBe(
      401,
    );
    // The code the enrolment used (this 30-second step) is a replay.
    const replay = await call(t, 'POST', '/api/admin/session/totp', {
      body: { challenge: start.json.challenge, code: await totpCode(t, mod.id) },
    });
    expect([replay.status, replay.json.code]).toEqual([401, 'totp_replayed']);
    // The next step's code (one step of clock drift is allowed) counts once …
    const next = await totpCode(t, mod.id, Math.floor(Date.now() / 1000) + 30);
    const ok = await call(t, 'POST', '/api/admin/session/totp', {
      body: { challenge: start.json.challenge, code: next },
    });
    expect(ok.status).toBe(200);
    // … and not again, even with a new challenge.
    const again = await call(t, 'POST', '/api/admin/session', {
      body: { email: mod.email, password: strongPassword },
    });
    const twice = await call(t, 'POST', '/api/admin/session/totp', {
      body: { challenge: again.json.challenge, code: next },
    });
    expect([twice.status, twice.json.code]).toEqual([401, 'totp_replayed']);
  });

  it('a recovery code works once', async () => {
    const m = await onboardMember(t);
    await grantRole(t, m.id, 'support');
    const { recovery_codes } = await staffSignIn(t, m);
    const start = await call(t, 'POST', '/api/admin/session', {
      body: { email: m.email, password: strongPassword },
    });
    const ok = await call(t, 'POST', '/api/admin/session/totp', {
      body: { challenge: start.json.challenge, recovery_code: recovery_codes[3] },
    });
    expect(ok.status).toBe(200);
    const second = await call(t, 'POST', '/api/admin/session', {
      body: { email: m.email, password: strongPassword },
    });
    const reused = await call(t, 'POST', '/api/admin/session/totp', {
      body: { challenge: second.json.challenge, recovery_code: recovery_codes[3] },
    });
    expect([reused.status, reused.json.code]).toEqual([401, 'totp_invalid']);
  });

  it('a member without any console permission is refused (403) after the right password; a wrong password is 401', async () => {
    const member = await onboardMember(t);
    const res = await call(t, 'POST', '/api/admin/session', {
      body: { email: member.email, password: strongPassword },
    });
    expect([res.status, res.json.code]).toEqual([403, 'forbidden']);
    const wrong = await call(t, 'POST', '/api/admin/session', {
      body: { email: mod.email, password: 'not the password at all' },
    });
    expect([wrong.status, wrong.json.code]).toEqual([401, 'invalid_credentials']);
  });

  it("a member's own token opens no console route (403); signing out ends the console session (401)", async () => {
    const admin = await onboardMember(t);
    await makeSuperAdmin(t, admin.id);
    expect((await call(t, 'GET', '/api/admin/me', { token: admin.token })).status).toBe(403);
    expect((await call(t, 'GET', '/api/admin/reports', { token: admin.token })).status).toBe(403);
    const { token } = await staffSignIn(t, admin);
    expect((await call(t, 'GET', '/api/admin/reports', { token })).status).toBe(200);
    // A console token opens no member route either.
    expect((await call(t, 'GET', '/api/notifications', { token })).status).toBe(401);
    const before = await auditCount();
    expect((await call(t, 'DELETE', '/api/admin/session', { token })).status).toBe(204);
    expect((await call(t, 'GET', '/api/admin/me', { token })).status).toBe(401);
    expect(await auditCount()).toBe(before);
  });
});
