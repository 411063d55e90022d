import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MemberTokens, onboardMember } from '../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Two onboarded members, visible to each other. */
const pair = async (): Promise<[MemberTokens, MemberTokens]> => [
  await onboardMember(t),
  await onboardMember(t),
];

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

  it('the watchlist shows an about text only where its owner lets the viewer see it, as the profile does', async () => {
    // Another language each: never suggested to each other, so the viewer is any member until befriended.
    const owner = await onboardMember(t, { languages: ['tr'], about: 'Ich schreibe gern Briefe.' });
    const viewer = await onboardMember(t, { languages: ['ar'] });
    await call(t, 'POST', `/api/user/watchlist/${owner.id}`, { token: viewer.token });
    const aboutSeen = async () =>
      (
        (await call(t, 'GET', '/api/user/watchlist', { token: viewer.token })).json as unknown as Array<{
          id: number;
          about: string | null;
        }>
      ).find((e) => e.id === owner.id)?.about;
    const profileAbout = async () =>
      (await call(t, 'GET', `/api/profile/${owner.id}`, { token: viewer.token })).json.about;
    const show = (about: string) =>
      call(t, 'PATCH', '/api/profile/me', { token: owner.token, body: { visibility: { about } } });

    expect(await aboutSeen()).toBe('Ich schreibe gern Briefe.');
    await show('nobody');
    expect(await aboutSeen()).toBeNull();
    expect(await profileAbout()).toBeNull();
    await show('partners');
    expect(await aboutSeen()).toBeNull();
    await call(t, 'POST', `/api/user/friend/request/send/${owner.id}`, { token: viewer.token, body: {} });
    await call(t, 'POST', `/api/user/friend/request/accept/${viewer.id}`, { token: owner.token, body: {} });
    expect(await aboutSeen()).toBe('Ich schreibe gern Briefe.');
    expect(await profileAbout()).toBe('Ich schreibe gern Briefe.');
    expect(
      JSON.stringify((await call(t, 'GET', '/api/user/watchlist', { token: viewer.token })).json),
    ).toContain('"friend_status":2');
  });
});
