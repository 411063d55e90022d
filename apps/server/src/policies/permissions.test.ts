import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PERMISSIONS } from '@trostnetz/contracts/permissions';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionRole, permissions, roles } from '../db/schema/users.ts';
import { serverRoot } from '../lib/paths.ts';
import { onboardMember, registerMember, strongPassword } from '../test/factories.ts';
import { grantRole, makeSuperAdmin, staffSignIn } from '../test/staff.ts';
import { call, createTestApp, type TestApp } from '../test/test-app.ts';
import { ROLE_PERMISSIONS, seedRoles } from './roles.ts';

/** Two routes that exist only in this test, one per permission they ask for (outside /api/, which only the endpoint tables may name). */
const staffRoutes = (app: FastifyInstance) => {
  app.get('/test-only/reports', { preHandler: app.requirePermission('reports.view') }, async () => ({
    ok: true,
  }));
  app.get('/test-only/plans', { preHandler: app.requirePermission('plans.manage') }, async () => ({
    ok: true,
  }));
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, { beforeReady: staffRoutes });
});
afterAll(() => t.close());

const statusOf = async (url: string, token?: string) => (await call(t, 'GET', url, { token })).status;

describe('SPEC §6 requirePermission: permissions from roles are checked on the server', () => {
  it('guest 401, a member without the permission 403, a moderator 200 for its own and 403 for another', async () => {
    const member = await onboardMember(t);
    const moderator = await onboardMember(t);
    await grantRole(t, moderator.id, 'moderator');
    expect(await statusOf('/test-only/reports')).toBe(401);
    expect(await statusOf('/test-only/reports', member.token)).toBe(403);
    expect((await call(t, 'GET', '/test-only/reports', { token: member.token })).json.code).toBe('forbidden');
    // Issue 16: the permission counts only in a console session (staff sign-in with TOTP).
    expect(await statusOf('/test-only/reports', moderator.token)).toBe(403);
    const console = (await staffSignIn(t, moderator)).token;
    expect(await statusOf('/test-only/reports', console)).toBe(200);
    expect(await statusOf('/test-only/plans', console)).toBe(403);
  });

  it('a super admin passes every check, without any role', async () => {
    const admin = await onboardMember(t);
    await makeSuperAdmin(t, admin.id);
    const console = (await staffSignIn(t, admin)).token;
    expect(await statusOf('/test-only/reports', console)).toBe(200);
    expect(await statusOf('/test-only/plans', console)).toBe(200);
  });

  it('the role admin holds every permission, support only its own; the User lists them', async () => {
    const admin = await onboardMember(t);
    const support = await onboardMember(t);
    await grantRole(t, admin.id, 'admin');
    await grantRole(t, support.id, 'support');
    expect(await statusOf('/test-only/plans', (await staffSignIn(t, admin)).token)).toBe(200);
    expect(await statusOf('/test-only/reports', (await staffSignIn(t, support)).token)).toBe(403);
    const user = (await call(t, 'GET', '/api/profile/init', { token: support.token })).json;
    expect(user.permissionsViaRoles).toEqual(['members.view', 'support.answer']);
    expect(
      (await call(t, 'GET', '/api/profile/init', { token: admin.token })).json.permissionsViaRoles,
    ).toEqual([...PERMISSIONS].sort());
  });

  it('an unverified account with a role cannot enter the console (403), staff need no questionnaire', async () => {
    const unverified = await registerMember(t);
    await grantRole(t, unverified.id, 'moderator');
    const res = await call(t, 'POST', '/api/admin/session', {
      body: { email: unverified.email, password: strongPassword },
    });
    expect([res.status, res.json.code]).toEqual([403, 'forbidden']);
    const fresh = await registerMember(t);
    await grantRole(t, fresh.id, 'moderator');
    expect((await call(t, 'GET', '/test-only/reports', { token: fresh.token })).status).toBe(403);
  });
});

describe('the roles admin, moderator and support are seeded at start', () => {
  const grants = async () =>
    (
      await t.app.ctx.db
        .select({ role: roles.name, permission: permissions.name })
        .from(permissionRole)
        .innerJoin(roles, eq(roles.id, permissionRole.roleId))
        .innerJoin(permissions, eq(permissions.id, permissionRole.permissionId))
    )
      .map((g) => `${g.role}:${g.permission}`)
      .sort();
  const declared = Object.entries(ROLE_PERMISSIONS)
    .flatMap(([role, names]) => names.map((p) => `${role}:${p}`))
    .sort();

  it('exactly as declared; seeding again changes nothing, and brings back the declared state', async () => {
    expect(await grants()).toEqual(declared);
    await seedRoles(t.app.ctx.db);
    expect(await grants()).toEqual(declared);
    // A grant added by hand to a seeded role goes; a permission nobody declares goes; other roles stay.
    const db = t.app.ctx.db;
    await db.insert(permissions).values({ name: 'retired.permission' });
    await db.insert(roles).values({ name: 'editor' });
    await db.execute(sql`insert into permission_role (permission_id, role_id)
      select p.id, r.id from permissions p, roles r
      where (p.name = 'plans.manage' and r.name = 'moderator') or (p.name = 'content.edit' and r.name = 'editor')`);
    // …and a declared grant that went missing comes back.
    await db.execute(
      sql`delete from permission_role where role_id = (select id from roles where name = 'support')`,
    );
    await seedRoles(db);
    expect(await grants()).toEqual([...declared, 'editor:content.edit'].sort());
    await db.execute(
      sql`delete from permission_role where role_id = (select id from roles where name = 'support')`,
    );
    await seedRoles(db);
    expect(await grants()).toEqual([...declared, 'editor:content.edit'].sort());
    expect((await db.select().from(permissions)).map((p) => p.name).sort()).toEqual([...PERMISSIONS].sort());
  });
});

describe('roles seeding at a restart', () => {
  const seedReadOnly = () =>
    t.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction read only`);
      await seedRoles(tx as unknown as typeof t.app.ctx.db);
    });
  const refusedWrite = { cause: { message: expect.stringMatching(/read-only transaction/) } };

  it('roles rule: seeding a database that holds exactly the declared roles writes nothing (issue 19)', async () => {
    // A read-only transaction refuses any insert or delete: the one read must find everything as declared.
    await seedReadOnly();
    // A missing grant is found by that read, and brought back (which the read-only transaction refuses).
    await t.app.ctx.db.execute(
      sql`delete from permission_role where role_id = (select id from roles where name = 'support')`,
    );
    await expect(seedReadOnly()).rejects.toMatchObject(refusedWrite);
    await seedRoles(t.app.ctx.db);
    await seedReadOnly();
    // So is a permission nobody declares, also one no role holds.
    await t.app.ctx.db.insert(permissions).values({ name: 'retired.unheld' });
    await expect(seedReadOnly()).rejects.toMatchObject(refusedWrite);
    await seedRoles(t.app.ctx.db);
    expect((await t.app.ctx.db.select().from(permissions)).map((p) => p.name).sort()).toEqual(
      [...PERMISSIONS].sort(),
    );
  });
});

describe('npm run user:create -- --admin', () => {
  // The command opens PGlite's data folder itself (on PostgreSQL it runs the same code).
  it.skipIf(process.env.TEST_DB === 'postgres')(
    'creates a super admin who signs in and passes every permission check',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'trostnetz-cli-'));
      const email = 'admin@example.org';
      try {
        const code = await new Promise<number | null>((resolve) => {
          const cli = path.join(serverRoot, 'src/cli/user-create.ts');
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', cli, '--email', email, '--password', strongPassword, '--admin'],
            {
              cwd: serverRoot,
              env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
              stdio: 'ignore',
            },
          );
          child.on('exit', resolve);
        });
        expect(code).toBe(0);
        const app = await createTestApp({ databaseUrl: null, dataDir }, {}, { beforeReady: staffRoutes });
        try {
          const login = await call(app, 'POST', '/api/auth/tokens', {
            body: { username: email, password: strongPassword },
          });
          expect(login.status).toBe(200);
          // Issue 16: the console signs the first admin in with TOTP (enrolment the first time).
          const token = (await staffSignIn(app, { id: (login.json.user as { id: number }).id, email })).token;
          for (const url of ['/test-only/reports', '/test-only/plans']) {
            expect((await call(app, 'GET', url, { token })).status).toBe(200);
          }
        } finally {
          await app.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
