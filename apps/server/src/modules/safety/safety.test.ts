import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MemberTokens, onboardMember } from '../../test/factories.ts';
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

describe('watchlist', () => {
  it('add, list and remove; the profile says it is watched', async () => {
    const [a, b] = await pair();
    const added = await call(t, 'POST', `/api/user/watchlist/${a.id}`, { token: b.token });
    expect(added.status).toBe(200);
    expect((added.json as unknown as Array<{ id: number }>).map((e) => e.id)).toEqual([a.id]);
    expect((await call(t, 'POST', `/api/user/watchlist/${a.id}`, { token: b.token })).status).toBe(200);
    expect((await call(t, 'GET', `/api/profile/${a.id}`, { token: b.token })).json.is_watched).toBe(true);
    const removed = await call(t, 'DELETE', `/api/user/watchlist/${a.id}`, { token: b.token });
    expect(removed.json).toEqual([]);
    expect((await call(t, 'DELETE', `/api/user/watchlist/${a.id}`, { token: b.token })).status).toBe(404);
  });

  it('unknown members, oneself and bad ids are refused', async () => {
    const [a] = await pair();
    expect((await call(t, 'POST', '/api/user/watchlist/999999', { token: a.token })).status).toBe(404);
    expect((await call(t, 'POST', `/api/user/watchlist/${a.id}`, { token: a.token })).status).toBe(404);
    expect((await call(t, 'POST', '/api/user/watchlist/-1', { token: a.token })).status).toBe(422);
  });
});

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
    expect(
      (
        await call(t, 'POST', '/api/reports', {
          token: b.token,
          body: { type: 'profile', id: 999999, reason: 'spam' },
        })
      ).status,
    ).toBe(404);
  });
});
