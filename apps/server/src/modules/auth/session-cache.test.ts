import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesMembers, createMemberWrites } from '../../db/member-writes.ts';
import type { Member } from '../../db/schema/users.ts';
import { registerMember, signInFrom, strongPassword, verifyMember } from '../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSessionCache, FALLBACK_TTL_MS, TRUSTED_TTL_MS } from './session-cache.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const settings = (token: string) => call(t, 'GET', '/api/settings/me', { token });

describe('the per-node session cache: what a request sees is what is committed', () => {
  it('session cache rule: a session ended on this node is refused at its next request', async () => {
    const m = await registerMember(t);
    await verifyMember(t, m);
    expect((await settings(m.token)).status).toBe(200);
    expect((await settings(m.token)).status).toBe(200); // now from the cache
    const out = await call(t, 'DELETE', '/api/auth/tokens/revoke', { token: m.token });
    expect(out.status).toBe(204);
    expect((await settings(m.token)).status).toBe(401);
  });

  it('session cache rule: a change to the member’s row (verification) counts from the next request', async () => {
    const m = await registerMember(t);
    const before = await settings(m.token);
    expect(before.status).toBe(403);
    expect(before.json.code).toBe('not_verified');
    await verifyMember(t, m);
    expect((await settings(m.token)).status).toBe(200);
  });

  it('session cache rule: a new password ends the member’s other sessions at their next request', async () => {
    const m = await registerMember(t);
    await verifyMember(t, m);
    const other = await signInFrom(t, m.email, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0');
    expect((await settings(other.token)).status).toBe(200);
    const changed = await call(t, 'POST', '/api/settings/change-password', {
      token: m.token,
      body: {
        current_password: strongPassword,
        password: 'Ein neuer Satz am Morgen 8',
        password_confirmation: 'Ein neuer Satz am Morgen 8',
      },
    });
    expect(changed.status).toBe(200);
    expect((await settings(other.token)).status).toBe(401);
    expect((await settings(m.token)).status).toBe(200);
  });
});

describe('which statements empty the cache', () => {
  it('a member’s row changed or deleted, roles, a session ended or deleted: yes', () => {
    for (const text of [
      'update "users" set "is_verified" = $1 where "users"."id" = $2',
      'delete from "users" where "users"."id" = $1',
      'insert into "role_user" ("role_id", "user_id") values ($1, $2)',
      'delete from "role_user" where "role_user"."user_id" = $1',
      'update "sessions" set "revoked_at" = $1, "revoked_reason" = $2 where "sessions"."id" = $3',
      'delete from "sessions" where "sessions"."user_id" = $1',
      'with gone as (update "users" set "deleted_at" = now() where id = $1 returning id) select 1',
    ])
      expect(changesMembers(text), text).toBe(true);
  });

  it('a session marked used, a new member or session, a read, another table: no', () => {
    for (const text of [
      'update "sessions" set "last_used_at" = $1 where ("sessions"."id" = $2 and "sessions"."last_used_at" < $3)',
      'insert into "users" ("email") values ($1)',
      'insert into "sessions" ("id", "user_id") values ($1, $2)',
      'select "id" from "users" where "users"."id" = $1',
      'update "user_settings" set "x" = $1',
      'update "refresh_tokens" set "revoked_at" = $1 where "id" = $2',
    ])
      expect(changesMembers(text), text).toBe(false);
  });

  it('inside a transaction a change counts once it is committed, and not at all when rolled back', () => {
    const writes = createMemberWrites();
    const state = writes.connectionState();
    expect(state('begin')).toBeNull();
    expect(state('update "users" set "nickname" = $1 where "id" = $2')).toBeNull();
    expect(state('commit')).not.toBeNull();
    expect(state('begin')).toBeNull();
    expect(state('update "users" set "nickname" = $1 where "id" = $2')).toBeNull();
    expect(state('rollback')).toBeNull();
    expect(state('commit')).toBeNull();
    expect(state('update "users" set "nickname" = $1 where "id" = $2')).not.toBeNull();
  });
});

describe('how long an entry is trusted', () => {
  const member = { id: 7 } as Member;
  const cacheAt = (shared: boolean) => {
    let clock = 1_000_000;
    const cache = createSessionCache({
      memberWrites: createMemberWrites(),
      redis: null,
      prefix: 'test',
      shared,
      now: () => clock,
    });
    cache.put(cache.ticket(), 's', 7, member, clock);
    return { cache, advance: (ms: number) => (clock += ms) };
  };

  it(`session cache rule: without a bus to hear other nodes an entry lives ${FALLBACK_TTL_MS} ms (under 5 s)`, () => {
    const { cache, advance } = cacheAt(true);
    advance(FALLBACK_TTL_MS);
    expect(cache.get('s', 7)?.member.id).toBe(7);
    advance(1);
    expect(cache.get('s', 7)).toBeUndefined();
    expect(FALLBACK_TTL_MS).toBeLessThan(5_000);
  });

  it(`session cache rule: one process that sees every change keeps an entry ${TRUSTED_TTL_MS} ms`, () => {
    const { cache, advance } = cacheAt(false);
    advance(TRUSTED_TTL_MS);
    expect(cache.get('s', 7)?.member.id).toBe(7);
    advance(1);
    expect(cache.get('s', 7)).toBeUndefined();
  });

  it('an answer looked up before a change is not kept after it, and an entry names its member', () => {
    const { cache } = cacheAt(false);
    expect(cache.get('s', 8)).toBeUndefined();
    const ticket = cache.ticket();
    cache.clear();
    cache.put(ticket, 'late', 7, member, 0);
    expect(cache.get('late', 7)).toBeUndefined();
  });
});
