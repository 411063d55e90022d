import { eq } from 'drizzle-orm';
import { users } from '../db/schema/users.ts';
import { assignRole, type RoleName } from '../policies/roles.ts';
import type { TestApp } from './test-app.ts';

/** Gives a member one of the seeded roles (the admin console of a later issue will do this). */
export async function grantRole(t: TestApp, userId: number, role: RoleName) {
  await assignRole(t.app.ctx.db, userId, role);
}

/** Makes a member a super admin, as `npm run user:create -- --admin` does. */
export async function makeSuperAdmin(t: TestApp, userId: number) {
  await t.app.ctx.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, userId));
}
