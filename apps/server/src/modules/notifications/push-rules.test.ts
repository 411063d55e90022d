import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { type MemberTokens, registerMember, verifyMember } from '../../test/factories.ts';
import { browserKeys, decryptPush, pushService } from '../../test/push-service.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';
import { JOBS_SCHEMA } from '../jobs/job-queue.ts';
import { notify } from './notifier.ts';

/**
 * Web push (issue 13): one job per browser; the push says who and what kind and where it leads, never
 * what was written; it goes only to a browser the member still holds, and never for an account that is gone.
 */

let t: TestApp;
let service: Awaited<ReturnType<typeof pushService>>;
beforeAll(async () => {
  t = await createTestApp();
  service = await pushService();
});
afterAll(async () => {
  await service.close();
  await t.close();
});

let seq = 0;
type Member = MemberTokens & { nickname: string };
/** A verified member without quiet hours (start = end), so pushes go out at any time of day. */
async function member(locale: 'de' | 'en' = 'de'): Promise<Member> {
  const nickname = `Pia${++seq}`;
  const m = await registerMember(t, { nickname, locale });
  await verifyMember(t, m);
  const res = await call(t, 'PUT', '/api/user/notifications', {
    token: m.token,
    body: { quiet_hours: { start: 3, end: 3 } },
  });
  expect(res.status).toBe(200);
  return { ...m, nickname };
}

/** Subscribes a new browser of the member at the stand-in push service; answers its endpoint and keys. */
async function browserOf(m: MemberTokens) {
  const keys = browserKeys();
  const endpoint = service.another();
  const res = await call(t, 'POST', '/api/push/subscriptions', {
    token: m.token,
    body: { endpoint, keys: keys.keys },
  });
  expect(res.status).toBe(204);
  return { endpoint, keys, path: new URL(endpoint).pathname };
}

const endpointsOf = async (m: MemberTokens) =>
  (
    await t.app.ctx.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, m.id))
  ).map((r) => r.endpoint);

/** How the member's push jobs ended (pg-boss states: `completed`, or `retry`/`failed` after an error). */
async function pushJobStates(m: MemberTokens) {
  const res = await t.app.ctx.database.executeSql(
    `select state from ${JOBS_SCHEMA}.job where name = 'notifications-push' and data->>'userId' = $1`,
    [String(m.id)],
  );
  return (res.rows as { state: string }[]).map((r) => r.state);
}

async function pushesCounted() {
  const { values } = await t.app.ctx.metrics.pushes.get();
  const of = (outcome: string) => values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
  return { sent: of('sent'), failed: of('failed') };
}

const goneFromNow = (m: MemberTokens) =>
  t.app.ctx.db.update(users).set({ deletionRequestedAt: new Date() }).where(eq(users.id, m.id));
const erase = (m: MemberTokens) =>
  t.app.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, m.id));

describe('notifications: what a push says', () => {
  it('push rule: a push from someone who has asked to delete their account names "Jemand" / "Someone"; it is offered to the push service for an hour (TTL 3600) at normal urgency', async () => {
    const [a, b, e] = [await member(), await member(), await member('en')];
    const toB = await browserOf(b);
    const toE = await browserOf(e);
    await notify(t.app.ctx, b.id, 'chat_message', { actorId: a.id });
    await notify(t.app.ctx, e.id, 'friend_request', { actorId: a.id });
    await goneFromNow(a);
    const earlier = service.received.length;
    await t.app.ctx.jobs.drain();
    const received = service.received.slice(earlier);
    expect(received.map((r) => r.url).sort()).toEqual([toB.path, toE.path].sort());
    for (const r of received) {
      expect([r.headers.ttl, r.headers.urgency]).toEqual(['3600', 'normal']);
    }
    const body = (path: string, keys: typeof toB.keys) =>
      decryptPush(received.find((r) => r.url === path)!.body, keys);
    expect(body(toB.path, toB.keys)).toEqual({
      title: 'Trostnetz',
      body: 'Neue Nachricht von Jemand',
      url: `/chat/${a.id}`,
      partner_id: a.id,
    });
    expect(body(toE.path, toE.keys)).toEqual({
      title: 'Trostnetz',
      body: 'Someone would like to be your support partner',
      url: `/friend-request/${a.id}`,
      partner_id: null,
    });
  });
});

describe('notifications: whose browser gets a push', () => {
  it('push rule: a push reaches only a browser the member still holds, of an account not gone: none after the member unsubscribed it, none once its endpoint moved to another member, none for an account gone or erased; each such push ends quietly, without an error or a retry', async () => {
    const [a, c] = [await member(), await member()];
    const [kept, unsubscribed, moved, gone, erased] = [
      await member(),
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const browsers = new Map<Member, Awaited<ReturnType<typeof browserOf>>>();
    for (const m of [kept, unsubscribed, moved, gone, erased]) {
      browsers.set(m, await browserOf(m));
      await notify(t.app.ctx, m.id, 'chat_message', { actorId: a.id });
    }
    // Only its own member removes a browser: another member's try changes nothing.
    const unsubscribe = (by: MemberTokens, endpoint: string) =>
      call(t, 'DELETE', '/api/push/subscriptions', { token: by.token, body: { endpoint } });
    expect((await unsubscribe(c, browsers.get(unsubscribed)!.endpoint)).status).toBe(204);
    expect(await endpointsOf(unsubscribed)).toEqual([browsers.get(unsubscribed)!.endpoint]);
    expect((await unsubscribe(unsubscribed, browsers.get(unsubscribed)!.endpoint)).status).toBe(204);
    expect(await endpointsOf(unsubscribed)).toEqual([]);
    // The same browser signed in as another member: the endpoint is now c's.
    expect(
      (
        await call(t, 'POST', '/api/push/subscriptions', {
          token: c.token,
          body: { endpoint: browsers.get(moved)!.endpoint, keys: browserKeys().keys },
        })
      ).status,
    ).toBe(204);
    expect([await endpointsOf(moved), await endpointsOf(c)]).toEqual([[], [browsers.get(moved)!.endpoint]]);
    await goneFromNow(gone);
    await erase(erased);

    const before = await pushesCounted();
    const earlier = service.received.length;
    await t.app.ctx.jobs.drain();
    expect(service.received.slice(earlier).map((r) => r.url)).toEqual([browsers.get(kept)!.path]);
    expect(await pushesCounted()).toEqual({ sent: before.sent + 1, failed: before.failed });
    for (const m of [kept, unsubscribed, moved, gone, erased]) {
      expect(await pushJobStates(m), m.nickname).toEqual(['completed']);
    }
  });
});
