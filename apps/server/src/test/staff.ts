import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { staffCredentials } from '../db/schema/moderation.ts';
import { users } from '../db/schema/users.ts';
import { openSecret } from '../modules/admin/staff.service.ts';
import { assignRole, type RoleName } from '../policies/roles.ts';
import { type MemberTokens, strongPassword } from './factories.ts';
import { call, type TestApp } from './test-app.ts';

/** Gives a member one of the seeded roles (as the console's PUT /api/admin/members/{id}/roles does). */
export async function grantRole(t: TestApp, userId: number, role: RoleName) {
  await assignRole(t.app.ctx.db, userId, role);
}

/** Makes a member a super admin, as `npm run user:create -- --admin` does. */
export async function makeSuperAdmin(t: TestApp, userId: number) {
  await t.app.ctx.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, userId));
}

/** The member's current TOTP code, as their authenticator app shows it (at `epoch` seconds). */
export async function totpCode(t: TestApp, userId: number, epoch = Math.floor(Date.now() / 1000)) {
  const [cred] = await t.app.ctx.db
    .select()
    .from(staffCredentials)
    .where(eq(staffCredentials.userId, userId));
  if (!cred) throw new Error(`no TOTP secret for ${userId}`);
  return generate({ secret: openSecret(t.config.appKey, cred.totpSecret), epoch });
}

export interface StaffSession {
  token: string;
  recovery_codes: string[];
}

/**
 * Signs a staff member in to the console the way the web app does (password, then enrolment with the
 * first code). `epoch` picks the code's moment, so a test can sign one person in twice without replay.
 */
export async function staffSignIn(
  t: TestApp,
  m: Pick<MemberTokens, 'id' | 'email'>,
  epoch?: number,
): Promise<StaffSession> {
  const start = await call(t, 'POST', '/api/admin/session', {
    body: { email: m.email, password: strongPassword },
  });
  if (start.status !== 200) throw new Error(`staff sign-in failed: ${start.status} ${start.text}`);
  // A second sign-in within 30 seconds takes the next step's code (the last one would be a replay).
  const [cred] = await t.app.ctx.db.select().from(staffCredentials).where(eq(staffCredentials.userId, m.id));
  const after = cred?.enabledAt ? (cred.lastStep + 1) * 30 : 0;
  const code = await totpCode(t, m.id, epoch ?? Math.max(Math.floor(Date.now() / 1000), after));
  const step = start.json.step === 'enrol' ? 'enrol' : 'totp';
  const done = await call(t, 'POST', `/api/admin/session/${step}`, {
    body: { challenge: start.json.challenge, code },
  });
  if (done.status !== 200) throw new Error(`staff ${step} failed: ${done.status} ${done.text}`);
  return { token: done.json.token as string, recovery_codes: (done.json.recovery_codes as string[]) ?? [] };
}

/** A role and a console session in one step. */
export async function staffWithRole(t: TestApp, m: MemberTokens, role: RoleName | 'super') {
  if (role === 'super') await makeSuperAdmin(t, m.id);
  else await grantRole(t, m.id, role);
  return (await staffSignIn(t, m)).token;
}
