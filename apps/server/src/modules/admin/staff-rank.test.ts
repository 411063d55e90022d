import { ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { type MemberTokens, onboardMember, strongPassword } from '../../test/factories.ts';
import { staffWithRole } from '../../test/staff.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * No rank between staff (decision 031): staff act only on members and on staff of lower rank (super admin
 * above admin above moderator above support), nobody on themselves, and the last super admin stays.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { RATE_LIMIT_FACTOR: '100' });
});
afterAll(() => t.close());

interface Staff {
  m: MemberTokens;
  token: string;
}
async function staff(role: 'super' | 'admin' | 'moderator' | 'support'): Promise<Staff> {
  const m = await onboardMember(t);
  return { m, token: await staffWithRole(t, m, role) };
}
const suspend = (by: Staff, target: { id: number }) =>
  call(t, 'POST', `/api/admin/members/${target.id}/suspension`, {
    token: by.token,
    body: {
      reason_code: 'harassment',
      text: 'Wiederholt respektlos.',
      until: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      password: strongPassword,
    },
  });
const remove = (by: Staff, target: { id: number }) =>
  call(t, 'DELETE', `/api/admin/members/${target.id}`, {
    token: by.token,
    body: { text: 'Auf Wunsch.', password: strongPassword },
  });
const resetFactor = (by: Staff, target: { id: number }) =>
  call(t, 'DELETE', `/api/admin/members/${target.id}/second-factor`, {
    token: by.token,
    body: { text: 'Telefon verloren.', password: strongPassword },
  });
const setRoles = (by: Staff, target: { id: number }, roles: string[]) =>
  call(t, 'PUT', `/api/admin/members/${target.id}/roles`, {
    token: by.token,
    body: { roles, password: strongPassword },
  });
const codeOf = (res: { status: number; json: Record<string, unknown> }) => [res.status, res.json.code];

describe('no rank between staff', () => {
  it('a moderator suspends members, not a super admin, an admin or another moderator (403 staff_rank), and never themselves', async () => {
    const mod = await staff('moderator');
    for (const role of ['super', 'admin', 'moderator'] as const) {
      const other = await staff(role);
      expect(codeOf(await suspend(mod, other.m)), role).toEqual([403, 'staff_rank']);
    }
    expect(codeOf(await suspend(mod, mod.m))).toEqual([403, 'staff_rank']);
    const support = await staff('support');
    expect((await suspend(mod, support.m)).status).toBe(204);
    expect((await suspend(mod, await onboardMember(t))).status).toBe(204);
  });

  it('an admin (roles.assign) neither deletes a super admin nor resets their second factor, nor acts on another admin; below them they may', async () => {
    const admin = await staff('admin');
    const sup = await staff('super');
    expect(codeOf(await remove(admin, sup.m))).toEqual([403, 'staff_rank']);
    expect(codeOf(await resetFactor(admin, sup.m))).toEqual([403, 'staff_rank']);
    const peer = await staff('admin');
    expect(codeOf(await resetFactor(admin, peer.m))).toEqual([403, 'staff_rank']);
    expect(codeOf(await setRoles(admin, peer.m, []))).toEqual([403, 'staff_rank']);
    const mod = await staff('moderator');
    expect((await resetFactor(admin, mod.m)).status).toBe(204);
    expect((await setRoles(admin, mod.m, ['support'])).status).toBe(204);
  });

  it('nobody gives a role of their own rank or above, and nobody changes their own roles', async () => {
    const admin = await staff('admin');
    const member = await onboardMember(t);
    expect(codeOf(await setRoles(admin, member, ['admin']))).toEqual([403, 'staff_rank']);
    expect((await setRoles(admin, member, ['moderator'])).status).toBe(204);
    expect(codeOf(await setRoles(admin, admin.m, ['admin', 'moderator']))).toEqual([403, 'staff_rank']);
    const sup = await staff('super');
    expect((await setRoles(sup, member, ['admin'])).status).toBe(204);
  });

  it('super admins may act on each other, never on themselves; the last super admin cannot be removed, not even by deleting their own account', async () => {
    const a = await staff('super');
    const b = await staff('super');
    expect(codeOf(await remove(a, a.m))).toEqual([403, 'staff_rank']);
    expect((await remove(a, b.m)).status).toBe(204);
    // Only super admins whose accounts are not gone count: with a the only one left, a may not leave.
    await t.app.ctx.db.update(users).set({ isSuperAdmin: false }).where(ne(users.id, a.m.id));
    const own = await call(t, 'POST', '/api/user/delete', {
      token: a.m.token,
      body: { password: strongPassword },
    });
    expect(codeOf(own)).toEqual([409, 'last_super_admin']);
    expect(own.json.message).toBe(
      'Dies ist das letzte Konto mit allen Rechten. Ernenne zuerst eine weitere Person zur Super-Admin, damit die Verwaltung nicht verwaist.',
    );
    // Another super admin appears: now a may go.
    const c = await staff('super');
    expect(c.m.id).not.toBe(a.m.id);
    expect(
      (await call(t, 'POST', '/api/user/delete', { token: a.m.token, body: { password: strongPassword } }))
        .status,
    ).toBe(200);
  });
});
