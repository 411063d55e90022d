import { HAS_SEEN_ELEMENTS } from '@trostnetz/contracts/user';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { registerMember } from '../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/profile/init', () => {
  it('SPEC §3 User: answers every field the spec lists', async () => {
    const m = await registerMember(t);
    const res = await call(t, 'GET', '/api/profile/init', { token: m.token });
    expect(res.status).toBe(200);
    for (const field of [
      'id',
      'avatar',
      'is_verified',
      'is_premium',
      'is_super_admin',
      'matching_status',
      'matching_step',
      'has_seen',
      'permissionsViaRoles',
    ]) {
      expect(res.json).toHaveProperty(field);
    }
    expect(res.json).toMatchObject({
      avatar: null,
      has_seen: [],
      permissionsViaRoles: [],
      is_premium: false,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('needs a session: 401 without a token', async () => {
    const res = await call(t, 'GET', '/api/profile/init');
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('unauthenticated');
  });
});

describe('POST /api/user/has-seen and /api/profile/last_seen', () => {
  it('has-seen adds an element key once and answers the list', async () => {
    const m = await registerMember(t);
    await call(t, 'POST', '/api/user/has-seen', { token: m.token, body: { element: 'welcome-tour' } });
    const res = await call(t, 'POST', '/api/user/has-seen', {
      token: m.token,
      body: { element: 'welcome-tour' },
    });
    expect(res.json).toEqual({ has_seen: ['welcome-tour'] });
    const init = await call(t, 'GET', '/api/profile/init', { token: m.token });
    expect(init.json.has_seen).toEqual(['welcome-tour']);
  });

  it('has-seen refuses bad input with 422 and keeps the list unchanged', async () => {
    const m = await registerMember(t);
    for (const body of [
      {},
      { element: '' },
      { element: 7 },
      { element: 'x'.repeat(65) },
      { element: 'a b<script>' },
    ]) {
      expect((await call(t, 'POST', '/api/user/has-seen', { token: m.token, body })).status).toBe(422);
    }
    expect((await call(t, 'GET', '/api/profile/init', { token: m.token })).json.has_seen).toEqual([]);
  });

  it('issue 9 item 10: only keys of the fixed list are accepted; 3,000 invented keys leave the list unchanged', async () => {
    const m = await registerMember(t);
    for (const element of HAS_SEEN_ELEMENTS) {
      const res = await call(t, 'POST', '/api/user/has-seen', { token: m.token, body: { element } });
      expect(res.status, element).toBe(200);
    }
    for (let i = 0; i < 3000; i++) {
      const res = await call(t, 'POST', '/api/user/has-seen', {
        token: m.token,
        body: { element: `key-${i}` },
      });
      if (res.status !== 422) throw new Error(`key-${i} answered ${res.status}`);
    }
    const init = await call(t, 'GET', '/api/profile/init', { token: m.token });
    expect(init.json.has_seen).toEqual([...HAS_SEEN_ELEMENTS]);
  });

  it('issue 9 item 10: keys stored before the list existed are neither answered nor kept', async () => {
    const m = await registerMember(t);
    const junk = Array.from({ length: 50 }, (_, i) => `old-key-${i}`);
    await t.app.ctx.db
      .update(users)
      .set({ hasSeen: [...junk, 'welcome-tour'] })
      .where(eq(users.id, m.id));
    expect((await call(t, 'GET', '/api/profile/init', { token: m.token })).json.has_seen).toEqual([
      'welcome-tour',
    ]);
    const res = await call(t, 'POST', '/api/user/has-seen', {
      token: m.token,
      body: { element: 'welcome-tour' },
    });
    expect(res.json).toEqual({ has_seen: ['welcome-tour'] });
    const [row] = await t.app.ctx.db.select({ hasSeen: users.hasSeen }).from(users).where(eq(users.id, m.id));
    expect(row?.hasSeen).toEqual(['welcome-tour']);
  });

  it('last_seen answers 204 for a member and 401 for a guest', async () => {
    const m = await registerMember(t);
    expect((await call(t, 'POST', '/api/profile/last_seen', { token: m.token })).status).toBe(204);
    expect((await call(t, 'POST', '/api/profile/last_seen')).status).toBe(401);
  });
});
