import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../db/schema/safety.ts';
import { users } from '../../db/schema/users.ts';
import { type MemberTokens, onboardMember, registerMember, verifyMember } from '../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let group = 0;
async function pair(): Promise<[MemberTokens, MemberTokens]> {
  group += 1;
  const answers = {
    loss_kind: ['other'],
    languages: ['en'],
    region: [group % 2 ? 'de_hessen' : 'de_saarland'],
  };
  return [await onboardMember(t, answers), await onboardMember(t, answers)];
}
const partnerIds = async (m: MemberTokens) =>
  (
    (await call(t, 'GET', '/api/chat/partners', { token: m.token })).json as unknown as Array<{ id: number }>
  ).map((p) => p.id);

describe('hidden list (block list)', () => {
  it('hiding removes both from suggestions, partner list, watchlist and profile, in both directions', async () => {
    const [a, b] = await pair();
    await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} });
    await call(t, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: b.token, body: {} });
    await call(t, 'POST', `/api/user/watchlist/${b.id}`, { token: a.token });
    await call(t, 'POST', `/api/user/watchlist/${a.id}`, { token: b.token });
    const hidden = await call(t, 'POST', '/api/block', { token: a.token, body: { userId: b.id } });
    expect(hidden.status).toBe(201);
    expect(hidden.json).toMatchObject({ userId: b.id, id: expect.any(Number) });
    expect(await partnerIds(a)).not.toContain(b.id);
    expect(await partnerIds(b)).not.toContain(a.id);
    expect((await call(t, 'GET', '/api/user/watchlist', { token: b.token })).json).toEqual([]);
    expect((await call(t, 'GET', `/api/profile/${a.id}`, { token: b.token })).status).toBe(404);
    expect((await call(t, 'GET', `/api/profile/${b.id}`, { token: a.token })).status).toBe(404);
    expect(
      (await call(t, 'POST', `/api/user/friend/request/send/${a.id}`, { token: b.token, body: {} })).status,
    ).toBe(404);
    const list = await call(t, 'GET', '/api/user/blocklist/all', { token: a.token });
    expect((list.json as unknown as Array<{ userId: number }>).map((e) => e.userId)).toEqual([b.id]);
    expect((await call(t, 'GET', '/api/user/blocklist/all', { token: b.token })).json).toEqual([]);
  });

  it('undo: DELETE /api/block/{id} makes the profile visible again; another member’s entry is 404', async () => {
    const [a, b] = await pair();
    const entry = await call(t, 'POST', '/api/block', { token: a.token, body: { userId: b.id } });
    expect((await call(t, 'DELETE', `/api/block/${entry.json.id}`, { token: b.token })).status).toBe(404);
    expect((await call(t, 'DELETE', `/api/block/${entry.json.id}`, { token: a.token })).status).toBe(204);
    expect((await call(t, 'GET', `/api/profile/${a.id}`, { token: b.token })).status).toBe(200);
  });

  it('bad input: missing or wrong userId 422, unknown member or oneself 404', async () => {
    const [a] = await pair();
    expect((await call(t, 'POST', '/api/block', { token: a.token, body: {} })).status).toBe(422);
    expect((await call(t, 'POST', '/api/block', { token: a.token, body: { userId: 'x' } })).status).toBe(422);
    expect((await call(t, 'POST', '/api/block', { token: a.token, body: { userId: 999999 } })).status).toBe(
      404,
    );
    expect((await call(t, 'POST', '/api/block', { token: a.token, body: { userId: a.id } })).status).toBe(
      404,
    );
  });
});

describe('reports', () => {
  it('a profile report is stored with its reason and answered 201 {id, status: open}', async () => {
    const [a, b] = await pair();
    const res = await call(t, 'POST', '/api/reports', {
      token: b.token,
      body: { type: 'profile', id: a.id, reason: 'harassment', details: 'Unfreundliche Nachrichten' },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ id: expect.any(Number), status: 'open' });
    expect(
      (
        await call(t, 'POST', '/api/reports', {
          token: b.token,
          body: { type: 'profile', id: a.id, reason: 'because' },
        })
      ).status,
    ).toBe(422);
  });
});

describe('issue 9 item 3: members the caller may not see are indistinguishable from ids that do not exist', () => {
  const notFound = { message: 'Nicht gefunden.', code: 'not_found' };
  /** An id for each kind of account the caller may not see, and one that does not exist. */
  async function invisibles(viewer: MemberTokens) {
    const unverified = await registerMember(t);
    const notOnboarded = await registerMember(t);
    await verifyMember(t, notOnboarded);
    const deleted = await onboardMember(t, { languages: ['uk'] });
    await t.app.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    const hiding = await onboardMember(t, { languages: ['uk'] });
    expect(
      (await call(t, 'POST', '/api/block', { token: hiding.token, body: { userId: viewer.id } })).status,
    ).toBe(201);
    return {
      unverified: unverified.id,
      notOnboarded: notOnboarded.id,
      deleted: deleted.id,
      hiding: hiding.id,
    };
  }
  const missing = 987_654_321;

  it('hide, profile, watchlist, friend actions and chat answer exactly 404 not_found for each', async () => {
    const [a] = await pair();
    const ids = { ...(await invisibles(a)), missing };
    const attempts = (id: number) => [
      call(t, 'POST', '/api/block', { token: a.token, body: { userId: id } }),
      call(t, 'GET', `/api/profile/${id}`, { token: a.token }),
      call(t, 'POST', `/api/user/watchlist/${id}`, { token: a.token }),
      ...['send', 'accept', 'deny', 'retract'].map((action) =>
        call(t, 'POST', `/api/user/friend/request/${action}/${id}`, { token: a.token, body: {} }),
      ),
      call(t, 'POST', `/api/user/friend/list/remove/${id}`, { token: a.token, body: {} }),
      call(t, 'GET', `/api/chat/${id}/messages`, { token: a.token }),
      call(t, 'POST', `/api/chat/${id}/send`, { token: a.token, body: { message: 'Hallo' } }),
      call(t, 'POST', `/api/chat/messages/1/${id}/read`, { token: a.token }),
    ];
    for (const [kind, id] of Object.entries(ids)) {
      for (const res of await Promise.all(attempts(id))) {
        expect({ kind, status: res.status, body: res.json }).toEqual({ kind, status: 404, body: notFound });
      }
    }
    expect((await call(t, 'GET', '/api/user/blocklist/all', { token: a.token })).json).toEqual([]);
  });

  it('a report is stored and answered with the same receipt whether or not the target exists or is visible', async () => {
    const [a, b] = await pair();
    const ids = { visible: b.id, ...(await invisibles(a)), missing };
    for (const [kind, id] of Object.entries(ids)) {
      const res = await call(t, 'POST', '/api/reports', {
        token: a.token,
        body: { type: 'profile', id, reason: 'spam' },
      });
      expect({
        kind,
        status: res.status,
        keys: Object.keys(res.json).sort(),
        status_: res.json.status,
      }).toEqual({
        kind,
        status: 201,
        keys: ['id', 'status'],
        status_: 'open',
      });
      const [stored] = await t.app.ctx.db
        .select({ targetId: reports.targetId })
        .from(reports)
        .where(eq(reports.id, res.json.id as number));
      expect(stored?.targetId, kind).toBe(id);
    }
  });

  it('hiding stays possible for everyone the caller knows, also someone who hid them, with the same answer', async () => {
    const [a, partner] = await pair();
    const [, former] = await pair();
    const [, hider] = await pair();
    for (const other of [partner, former, hider]) {
      await call(t, 'POST', `/api/user/friend/request/send/${other.id}`, { token: a.token, body: {} });
      await call(t, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: other.token, body: {} });
    }
    await call(t, 'POST', `/api/user/friend/list/remove/${former.id}`, { token: a.token, body: {} });
    expect((await call(t, 'POST', '/api/block', { token: hider.token, body: { userId: a.id } })).status).toBe(
      201,
    );
    for (const other of [partner, former, hider]) {
      const res = await call(t, 'POST', '/api/block', { token: a.token, body: { userId: other.id } });
      expect(res.status).toBe(201);
      expect(Object.keys(res.json).sort()).toEqual(['avatar', 'created_at', 'id', 'nickname', 'userId']);
      expect(res.json).toMatchObject({ userId: other.id, nickname: expect.stringMatching(/^Mitglied /) });
    }
    // A suggestion the matcher made is known too.
    const s = await onboardMember(t, { loss_kind: ['pet'], languages: ['tr'], region: ['de_bayern'] });
    const me = await onboardMember(t, { loss_kind: ['pet'], languages: ['tr'], region: ['de_bayern'] });
    const suggested = (await call(t, 'GET', '/api/user/matching/suggestions', { token: me.token })).json
      .suggestions as Array<{ id: number }>;
    expect(suggested.map((p) => p.id)).toContain(s.id);
    expect((await call(t, 'POST', '/api/block', { token: me.token, body: { userId: s.id } })).status).toBe(
      201,
    );
  });

  it('a befriended partner whose account was deleted can still be removed', async () => {
    const [a, b] = await pair();
    await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} });
    await call(t, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: b.token, body: {} });
    await t.app.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, b.id));
    const removed = await call(t, 'POST', `/api/user/friend/list/remove/${b.id}`, {
      token: a.token,
      body: {},
    });
    expect(removed.status).toBe(200);
    expect(removed.json.success).toBe(true);
  });

  it('hiding and reporting are rate limited per member: 429 once the allowance is used up', async () => {
    const limited = await createTestApp({
      rateLimits: {
        ...t.config.rateLimits,
        hide: { max: 2, timeWindow: 60_000 },
        report: { max: 2, timeWindow: 60_000 },
      },
    });
    try {
      const m = await onboardMember(limited, { languages: ['ar'] });
      const hide = () => call(limited, 'POST', '/api/block', { token: m.token, body: { userId: missing } });
      const report = () =>
        call(limited, 'POST', '/api/reports', {
          token: m.token,
          body: { type: 'profile', id: missing, reason: 'spam' },
        });
      expect([(await hide()).status, (await hide()).status, (await hide()).status]).toEqual([404, 404, 429]);
      expect([(await report()).status, (await report()).status, (await report()).status]).toEqual([
        201, 201, 429,
      ]);
    } finally {
      await limited.close();
    }
  });
});
