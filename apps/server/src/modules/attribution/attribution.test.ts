import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseMember, exportMember } from '../../lifecycle/member-data-table.ts';
import { strongPassword } from '../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';
import { attributionOf } from './attribution.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const register = (attribution?: unknown) =>
  call(t, 'POST', '/api/register', {
    body: {
      email: `attr${++seq}@example.org`,
      nickname: `Attr ${seq}`,
      password: strongPassword,
      password_confirmation: strongPassword,
      terms_accepted: true,
      locale: 'de',
      ...(attribution === undefined ? {} : { attribution }),
    },
  });

describe('issue 15 / SPEC.md §3 marketing attribution is stored with the account at registration', () => {
  it('the fields of the attribution cookie are stored with the new account, exported and erased with it', async () => {
    const sent = {
      referrer: 'https://www.search.example/results',
      referring_domain: 'www.search.example',
      utm_source: 'newsletter',
      utm_medium: 'mail',
      utm_campaign: 'herbst',
      utm_content: 'banner',
      utm_keyword: 'trauer',
    };
    const res = await register(sent);
    expect(res.status).toBe(201);
    const id = (res.json.user as { id: number }).id;
    expect(await attributionOf(t.app.ctx.db, id)).toEqual(sent);
    expect((await exportMember(t.app.ctx, id)).attribution).toEqual(sent);
    await eraseMember(t.app.ctx, id);
    expect(await attributionOf(t.app.ctx.db, id)).toBeNull();
  });

  it('without consent the web app sends none, and nothing is stored; an empty one stores nothing either', async () => {
    const without = await register();
    expect(await attributionOf(t.app.ctx.db, (without.json.user as { id: number }).id)).toBeNull();
    const empty = await register({});
    expect(await attributionOf(t.app.ctx.db, (empty.json.user as { id: number }).id)).toBeNull();
  });

  it('bad attribution values are 422 and no account is made', async () => {
    const long = await register({ utm_source: 'x'.repeat(201) });
    expect(long.status).toBe(422);
    expect(long.json.errors).toEqual({
      'attribution.utm_source': ['Diese Angabe darf höchstens 200 Zeichen lang sein.'],
    });
    expect((await register({ utm_campaign: 'a\u0000b' })).status).toBe(422);
    expect((await register({ referrer: 42 })).status).toBe(422);
  });
});
