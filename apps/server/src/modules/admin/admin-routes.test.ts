import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardMember } from '../../test/factories.ts';
import { makeSuperAdmin } from '../../test/staff.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 16: every admin route refuses guests (401) and members (403), even a super admin's member
 * token (the console needs its own sign-in with TOTP). The routes come from the OpenAPI document, so
 * routes added later are walked without being named here; only the sign-in steps are public.
 */
const PUBLIC = new Set([
  'post /api/admin/session',
  'post /api/admin/session/enrol',
  'post /api/admin/session/totp',
]);
const sample: Record<string, string> = { id: '1', slug: 'imprint', ref: 'TN-0000-0000' };

let t: TestApp;
let routes: Array<{ method: string; url: string; tags: string[]; secured: boolean }>;

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await call(t, 'GET', '/api/docs/json')).json as {
    paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
  };
  routes = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method,
        url: path.replace(/\{(\w+)\}/g, (_m, name: string) => sample[name] ?? '1'),
        tags: op.tags ?? [],
        secured: Boolean(op.security?.length),
        key: `${method} ${path}`,
      })),
    )
    .filter((r) => !PUBLIC.has(r.key));
});
afterAll(() => t.close());

describe('issue 16: every /api/admin route is behind the staff session', () => {
  it('the document lists the console (with tag admin, each route secured)', () => {
    expect(routes.length).toBeGreaterThan(8);
    for (const r of routes) {
      expect(r.tags, `${r.method} ${r.url}`).toContain('admin');
      expect(r.secured, `${r.method} ${r.url}`).toBe(true);
    }
  });

  it('guests get 401 and members (even a super admin with a member token) 403 on every one', async () => {
    const member = await onboardMember(t);
    const superAdmin = await onboardMember(t);
    await makeSuperAdmin(t, superAdmin.id);
    for (const r of routes) {
      const method = r.method.toUpperCase() as 'GET';
      const body = method === 'GET' ? undefined : {};
      const guest = await call(t, method, r.url, { body });
      expect(guest.status, `guest ${r.method} ${r.url}`).toBe(401);
      for (const m of [member, superAdmin]) {
        const res = await call(t, method, r.url, { token: m.token, body });
        expect(res.status, `member ${r.method} ${r.url}`).toBe(403);
      }
    }
  });
});
