import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerAll,
  type MemberTokens,
  onboardMember,
  registerMember,
  strongPassword,
  verifyMember,
} from '../test/factories.ts';
import { call, createTestApp, type Json, type TestApp } from '../test/test-app.ts';
import { errorsPlugin } from './errors.ts';
import { localePlugin } from './locale.ts';

let t: TestApp;
let a: MemberTokens;
let b: MemberTokens;
let chatId: number;
beforeAll(async () => {
  t = await createTestApp();
  const answers = { loss_kind: ['sibling'], region: ['de_bremen'] };
  a = await onboardMember(t, answers);
  b = await onboardMember(t, answers);
  await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} });
  await call(t, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: b.token, body: {} });
  const partners = (await call(t, 'GET', '/api/chat/partners', { token: a.token })).json as unknown as Json[];
  chatId = partners.find((p) => p.id === b.id)!.chat_id as number;
});
afterAll(() => t.close());

const unstorable = {
  de: 'Diese Angabe enthält Zeichen, die wir nicht speichern können.',
  en: 'This field contains characters we cannot store.',
};
const refusedOn = (field: string) => ({
  message: 'Bitte überprüfe deine Angaben.',
  code: 'validation_failed',
  errors: { [field]: [unstorable.de] },
});
// NUL, a lone high surrogate, a lone low surrogate, and a low surrogate before a high one.
const bad = ['Hallo\u0000Welt', 'Hallo \uD83D', 'Hallo \uDE00 Welt', '\uDE00\uD83D'];

describe('issue 9 item 11: NUL and lone surrogates are refused with 422, never a 500', () => {
  it('issue 9 item 11: chat messages, to a partner and to any other id; nothing is stored', async () => {
    for (const message of bad) {
      for (const to of [b.id, 999_999, a.id]) {
        const res = await call(t, 'POST', `/api/chat/${to}/send`, { token: a.token, body: { message } });
        expect({ to, status: res.status, body: res.json }).toEqual({
          to,
          status: 422,
          body: refusedOn('message'),
        });
      }
    }
    expect((await call(t, 'GET', `/api/chat/${a.id}/messages`, { token: b.token })).json.messages).toEqual(
      [],
    );
    // A well-formed pair (an emoji) is fine and comes back unchanged.
    const emoji = await call(t, 'POST', `/api/chat/${b.id}/send`, {
      token: a.token,
      body: { message: 'Hallo 😀' },
    });
    expect(emoji.status).toBe(200);
    expect(emoji.json.message).toBe('Hallo 😀');
  });

  it('issue 9 item 11: report details, friend-request messages and the onboarding "about" text', async () => {
    const c = await onboardMember(t, { loss_kind: ['sibling'], region: ['de_bremen'] });
    for (const text of bad) {
      const report = await call(t, 'POST', '/api/reports', {
        token: c.token,
        body: { type: 'profile', id: a.id, reason: 'spam', details: text },
      });
      expect(report.json).toEqual(refusedOn('details'));
      const request = await call(t, 'POST', `/api/user/friend/request/send/${a.id}`, {
        token: c.token,
        body: { message: text },
      });
      expect(request.json).toEqual(refusedOn('message'));
    }
    const fresh = await registerMember(t);
    await verifyMember(t, fresh);
    await expect(answerAll(t, fresh, { about: 'Ich\u0000bin da' })).rejects.toThrow(/step 7 failed: 422/);
    const about = await call(t, 'POST', '/api/onboarding/steps/7', {
      token: fresh.token,
      body: { answers: { about: 'Ich \uD800 bin da' } },
    });
    expect(about.json).toEqual(refusedOn('answers.about'));
    const optionKey = await call(t, 'POST', '/api/onboarding/steps/1', {
      token: fresh.token,
      body: { answers: { role: ['seeker\u0000'] } },
    });
    expect(optionKey.json).toEqual(refusedOn('answers.role.0'));
  });

  it('issue 9 item 11: registration fields; the message is in the request language', async () => {
    const res = await call(t, 'POST', '/api/register', {
      locale: 'en',
      body: {
        email: 'nul@example.org',
        nickname: 'Anna',
        password: 'Lindenblüte\u0000am Fluss',
        password_confirmation: 'Lindenblüte\u0000am Fluss',
        terms_accepted: true,
      },
    });
    expect(res.status).toBe(422);
    expect((res.json.errors as Record<string, string[]>).password).toEqual([unstorable.en]);
  });
  it('issue 9 item 11: a User-Agent header the database cannot store does not break signing in', async () => {
    const m = await registerMember(t);
    const res = await call(t, 'POST', '/api/auth/tokens', {
      body: { username: m.email, password: strongPassword },
      headers: { 'user-agent': 'Browser\u0000 \uD800' },
    });
    expect(res.status).toBe(200);
  });
});

describe('issue 9 item 11: ids are checked before any query', () => {
  it('issue 9 item 11: /pusher/auth for a conversation id beyond 64 bits is a 403 like any other closed channel', async () => {
    const auth = (channel: string) =>
      t.app.inject({
        method: 'POST',
        url: '/pusher/auth',
        headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `socket_id=1.2&channel_name=${channel}`,
      });
    for (const channel of [
      'private-chat_99999999999999999999',
      'private-chat_9223372036854775808',
      'private-chat_0',
      'private-chat_007',
      `private-user_99999999999999999999${a.id}_chat_message`,
    ]) {
      const res = await auth(channel);
      expect({ channel, status: res.statusCode }).toEqual({ channel, status: 403 });
    }
    expect((await auth(`private-chat_${chatId}`)).statusCode).toBe(200);
  });

  it('issue 9 item 11: huge, negative, fractional or spelled-out ids in paths, queries and bodies are 422', async () => {
    const huge = '99999999999999999999';
    const requests: Array<[string, string, unknown?]> = [
      ['GET', `/api/profile/${huge}`],
      ['GET', '/api/profile/1e3'],
      ['GET', '/api/profile/0x10'],
      ['GET', '/api/profile/-1'],
      ['GET', '/api/profile/1.5'],
      ['POST', `/api/chat/${huge}/send`, { message: 'x' }],
      ['GET', `/api/chat/${b.id}/messages?before=${huge}`],
      ['GET', `/api/chat/${b.id}/messages?after=-1`],
      ['GET', `/api/chat/${b.id}/messages?before=1e3`],
      ['POST', `/api/chat/messages/${huge}/${b.id}/read`],
      ['POST', `/api/user/friend/request/send/${huge}`, {}],
      ['POST', `/api/user/watchlist/${huge}`],
      ['DELETE', `/api/block/${huge}`],
      ['POST', '/api/block', { userId: 1e20 }],
      ['POST', '/api/block', { userId: 2 ** 53 }],
      ['POST', '/api/reports', { type: 'profile', id: 1e20, reason: 'spam' }],
    ];
    for (const [method, url, body] of requests) {
      const res = await call(t, method as 'GET', url, { token: a.token, body });
      expect({ method, url, status: res.status }).toEqual({ method, url, status: 422 });
    }
  });
});

describe('issue 9 item 11: a malformed access token is a 401', () => {
  const key = () => new TextEncoder().encode(t.config.jwtSecret);
  const forge = async (claims: Json, opts: { exp?: boolean; iat?: boolean } = {}) => {
    let jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('trostnetz')
      .setIssuer('trostnetz-api');
    if (opts.iat !== false) jwt = jwt.setIssuedAt();
    if (opts.exp !== false) jwt = jwt.setExpirationTime('5m');
    return jwt.sign(key());
  };
  const sessionOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;

  it('issue 9 item 11: non-UUID session ids, wrong claim types, and tokens without exp or iat are refused', async () => {
    const sid = sessionOf(a.token) as string;
    const sub = String(a.id);
    // The control: a well-formed token of a live session passes.
    expect(
      (await call(t, 'GET', '/api/profile/init', { token: await forge({ typ: 'access', sid, sub }) })).status,
    ).toBe(200);
    const forged = [
      await forge({ typ: 'access', sid: 'not-a-uuid', sub }),
      await forge({ typ: 'access', sid: `${sid}\u0000`, sub }),
      await forge({ typ: 'access', sid: 42, sub }),
      await forge({ typ: 'access', sid, sub: 'abc' }),
      await forge({ typ: 'access', sid, sub: '1e3' }),
      await forge({ typ: 'access', sid, sub: '99999999999999999999' }),
      await forge({ typ: 'access', sid, sub: 7 }),
      await forge({ typ: 'refresh', sid, sub }),
      await forge({ typ: 'access', sid, sub }, { exp: false }),
      await forge({ typ: 'access', sid, sub }, { iat: false }),
    ];
    for (const [i, token] of forged.entries()) {
      const res = await call(t, 'GET', '/api/profile/init', { token });
      expect({ i, status: res.status, code: res.json.code }).toEqual({
        i,
        status: 401,
        code: 'unauthenticated',
      });
      const pusher = await t.app.inject({
        method: 'POST',
        url: '/pusher/auth',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `socket_id=1.2&channel_name=private-chat_${chatId}`,
      });
      expect({ i, status: pusher.statusCode }).toEqual({ i, status: 401 });
    }
  });
});

describe('issue 9 item 11: values the database refuses are a 422, as a last line of defence', () => {
  it('issue 9 item 11: NUL (22021 / 22P05), out of range (22003) and malformed values (22P02) from the real database', async () => {
    const probe = Fastify();
    await probe.register(localePlugin);
    await probe.register(errorsPlugin);
    const db = t.app.ctx.db;
    const queries = {
      nul: sql`select ${'a\u0000b'}::text`,
      nulJson: sql`select ${'"\\u0000"'}::jsonb`,
      range: sql`select ${'99999999999999999999'}::bigint`,
      uuid: sql`select ${'not-a-uuid'}::uuid`,
      number: sql`select ${'zwölf'}::int`,
    };
    for (const [name, query] of Object.entries(queries)) {
      probe.get(`/${name}`, async () => (await db.execute(query)).rows);
    }
    probe.get('/other', async () => db.execute(sql`select * from no_such_table`));
    try {
      for (const name of Object.keys(queries)) {
        const res = await probe.inject({
          method: 'GET',
          url: `/${name}`,
          headers: { 'accept-language': 'en' },
        });
        expect({ name, status: res.statusCode, body: res.json() }).toEqual({
          name,
          status: 422,
          body: { message: 'Please check your input.', code: 'validation_failed' },
        });
      }
      // Other database failures stay a 500 without details.
      const other = await probe.inject({ method: 'GET', url: '/other' });
      expect(other.statusCode).toBe(500);
      expect(other.json().code).toBe('internal');
    } finally {
      await probe.close();
    }
  });
});
