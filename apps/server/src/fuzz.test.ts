import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema/users.ts';
import { undoToken } from './modules/account/deletion.service.ts';
import { openStaffSession } from './modules/admin/staff.service.ts';
import { startSession } from './modules/auth/sessions.service.ts';
import { answerAll, type MemberTokens, onboardMember, registerMember } from './test/factories.ts';
import { buildRequest, type FuzzWorld, operationsOf, seeded } from './test/fuzz-requests.ts';
import { makeSuperAdmin, staffSignIn } from './test/staff.ts';
import { call, createTestApp, type Json, type TestApp } from './test/test-app.ts';

/**
 * issue 9 item 12: seeded requests against every route of the app's own OpenAPI document (so routes
 * added later are covered without listing them): malformed JSON, wrong types, NUL and odd unicode,
 * huge and negative ids, junk path parameters, wrong content types, with and without a member's
 * session. No answer may be a 5xx. The same seed gives the same requests on every run.
 */
const SEED = 20_260_009;
const REQUESTS = 5_000;

let t: TestApp;
let world: FuzzWorld;
let staffMember: MemberTokens;
const worldAnswers = { loss_kind: ['friend'], region: ['de_sachsen'] };

/** A member with a befriended partner (so chat and partner code runs deep), and an unverified one. */
async function newWorld(): Promise<FuzzWorld> {
  const member = await onboardMember(t, worldAnswers);
  const partner = await onboardMember(t, worldAnswers);
  await call(t, 'POST', `/api/user/friend/request/send/${partner.id}`, { token: member.token, body: {} });
  await call(t, 'POST', `/api/user/friend/request/accept/${member.id}`, { token: partner.token, body: {} });
  const partners = (await call(t, 'GET', '/api/chat/partners', { token: member.token }))
    .json as unknown as Json[];
  const chatId = partners.find((p) => p.id === partner.id)!.chat_id as number;
  const key = new TextEncoder().encode(t.config.jwtSecret);
  const sid = JSON.parse(Buffer.from(member.token.split('.')[1]!, 'base64url').toString()).sid as string;
  const forge = (claims: Json, exp = true, iat = true) => {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('trostnetz')
      .setIssuer('trostnetz-api');
    if (exp) jwt.setExpirationTime('10m');
    if (iat) jwt.setIssuedAt();
    return jwt.sign(key);
  };
  const sub = String(member.id);
  const forged = await Promise.all([
    forge({ typ: 'access', sid: 'not-a-uuid', sub }),
    forge({ typ: 'access', sid: `${sid}\u0000`, sub }),
    forge({ typ: 'access', sid: 42, sub }),
    forge({ typ: 'access', sid, sub: '99999999999999999999' }),
    forge({ typ: 'access', sid, sub: 'x' }),
    forge({ typ: 'access', sid, sub }, false),
    forge({ typ: 'access', sid, sub }, true, false),
  ]);
  const admin = await onboardMember(t, worldAnswers);
  await makeSuperAdmin(t, admin.id);
  staffMember = admin;
  const staff = { token: (await staffSignIn(t, admin)).token };
  return { forged, member, partner, unverified: await registerMember(t), chatId, staff };
}

/** A fuzzed POST /api/user/delete with the right password hides the account: take it back first. */
async function keepAccount(m: MemberTokens) {
  const [row] = await t.app.ctx.db
    .select({ at: users.deletionRequestedAt })
    .from(users)
    .where(eq(users.id, m.id));
  if (!row?.at) return;
  const token = undoToken(t.app.ctx, m.id, row.at);
  expect((await call(t, 'POST', '/api/user/revoke-delete', { body: { token } })).status).toBe(204);
}

const renewSession = async (m: MemberTokens) => {
  await keepAccount(m);
  m.token = (await startSession(t.app.ctx, m.id)).token;
};

/**
 * The fuzz ends sessions, hides the partner, ends the friendship or resets the questionnaire, as a
 * member could: put the pair back, through the API, so that the next requests run deep again.
 */
async function repair(w: FuzzWorld) {
  for (const m of [w.member, w.partner]) {
    let me = await call(t, 'GET', '/api/profile/init', { token: m.token });
    if (me.status === 401) {
      await renewSession(m);
      me = await call(t, 'GET', '/api/profile/init', { token: m.token });
    }
    if ((me.json.matching_step as number) >= 0) await answerAll(t, m, worldAnswers);
    const hidden = (await call(t, 'GET', '/api/user/blocklist/all', { token: m.token }))
      .json as unknown as Json[];
    for (const b of hidden) await call(t, 'DELETE', `/api/block/${b.id}`, { token: m.token });
  }
  const status = (await call(t, 'GET', `/api/profile/${w.partner.id}`, { token: w.member.token })).json
    .friend_status;
  if (status === 3) {
    await call(t, 'POST', `/api/user/friend/request/send/${w.partner.id}`, {
      token: w.member.token,
      body: {},
    });
  }
  const [accepter, requester] = status === 1 ? [w.member, w.partner] : [w.partner, w.member];
  if (status !== 2) {
    await call(t, 'POST', `/api/user/friend/request/accept/${requester.id}`, {
      token: accepter.token,
      body: {},
    });
  }
}

beforeAll(async () => {
  // Every limit (per member too) far away, so that requests reach the code behind it.
  t = await createTestApp({}, { RATE_LIMIT_FACTOR: '1000' });
  world = await newWorld();
});
afterAll(() => t?.close());

describe('issue 9 item 12: fuzzing every documented route', () => {
  it(`issue 9 item 12: ${REQUESTS} seeded requests over the OpenAPI document answer no 5xx`, async () => {
    const operations = operationsOf(
      (await call(t, 'GET', '/api/docs/json')).json as Parameters<typeof operationsOf>[0],
    );
    expect(operations.length).toBeGreaterThan(30);
    const r = seeded(SEED);
    const failures: unknown[] = [];
    const succeeded = new Set<string>();
    for (let i = 0; i < REQUESTS; i++) {
      if (i > 0 && i % 50 === 0) await repair(world);
      const op = operations[i % operations.length]!;
      const request = buildRequest(r, world, op);
      const res = await t.app.inject(request);
      if (res.statusCode === 401 && request.headers?.authorization === `Bearer ${world.member.token}`) {
        if ((await call(t, 'GET', '/api/profile/init', { token: world.member.token })).status === 401) {
          await renewSession(world.member);
        }
      }
      // The console session ended (signed out by a fuzzed DELETE /api/admin/session): sign in again.
      if (
        res.statusCode === 401 &&
        world.staff &&
        request.headers?.authorization === `Bearer ${world.staff.token}`
      ) {
        if ((await call(t, 'GET', '/api/admin/me', { token: world.staff.token })).status === 401)
          world.staff.token = (await openStaffSession(t.app.ctx, staffMember.id)).token;
      }
      if (res.statusCode < 400) succeeded.add(`${op.method} ${op.path}`);
      if (res.statusCode >= 500) {
        const shown = { ...request, payload: request.payload?.toString().slice(0, 300) };
        failures.push({ i, status: res.statusCode, request: shown, answer: res.body.slice(0, 300) });
        console.error('5xx from fuzz request', JSON.stringify(failures.at(-1)));
      }
    }
    expect(failures).toEqual([]);
    // The fuzz reached past validation: most routes answered a success at least once.
    expect(succeeded.size).toBeGreaterThan(operations.length * 0.6);
  }, 180_000);
});
