import { memberChannel } from '@trostnetz/contracts/realtime';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspensions } from '../../db/schema/moderation.ts';
import { partnerships } from '../../db/schema/partnerships.ts';
import { type MemberTokens, onboardMember } from '../../test/factories.ts';
import { sendWaitingNotices, tomorrowNoon } from '../../test/notices.ts';
import { connectPusher, subscribed, waitFor } from '../../test/pusher-client.ts';
import { call, createListeningTestApp, outbox, type TestApp } from '../../test/test-app.ts';
import { expireStaleRequests } from './friendship.service.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  ({ port, ...t } = await createListeningTestApp());
});
afterAll(() => t.close());

let group = 0;
/** Two members who fit each other (their own language group keeps other tests' members out). */
async function pair(): Promise<[MemberTokens, MemberTokens]> {
  group += 1;
  const answers = {
    loss_kind: ['friend'],
    languages: ['de'],
    region: [group % 2 ? 'de_hamburg' : 'de_sachsen'],
    about: `Gruppe ${group}`,
  };
  return [await onboardMember(t, answers), await onboardMember(t, answers)];
}

const act = (m: MemberTokens, action: string, other: number, message?: string) =>
  call(
    t,
    'POST',
    action === 'remove'
      ? `/api/user/friend/list/remove/${other}`
      : `/api/user/friend/request/${action}/${other}`,
    {
      token: m.token,
      body: message === undefined ? {} : { message },
    },
  );
const statusOf = async (m: MemberTokens, other: number) => {
  const list = (await call(t, 'GET', '/api/chat/partners', { token: m.token })).json as unknown as Array<{
    id: number;
    friend_status: number;
  }>;
  // Absent from the list means "none" (3): only requests, friends and open suggestions are listed.
  return list.find((p) => p.id === other)?.friend_status ?? 3;
};

describe('SPEC §4 Friendship state machine', () => {
  it('none → request sent (0) / received (1) by inviting; answer {success, partner}', async () => {
    const [a, b] = await pair();
    const res = await act(a, 'send', b.id, 'Magst du schreiben?');
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.partner).toMatchObject({
      id: b.id,
      friend_status: 0,
      request_message: 'Magst du schreiben?',
    });
    expect(await statusOf(a, b.id)).toBe(0);
    expect(await statusOf(b, a.id)).toBe(1);
  });

  it('request received → befriended (2) by accepting; {success, message}', async () => {
    const [a, b] = await pair();
    await act(a, 'send', b.id);
    const res = await act(b, 'accept', a.id, 'Gerne!');
    expect(res.json).toEqual({ success: true, message: 'Ihr seid jetzt Trostpartner.' });
    expect(await statusOf(a, b.id)).toBe(2);
    expect(await statusOf(b, a.id)).toBe(2);
  });

  it('request received → none by denying; request sent → none by retracting', async () => {
    const [a, b] = await pair();
    await act(a, 'send', b.id);
    expect((await act(b, 'deny', a.id)).json.success).toBe(true);
    expect(await statusOf(a, b.id)).toBe(3);
    await act(a, 'send', b.id);
    expect((await act(a, 'retract', b.id)).json.success).toBe(true);
    expect(await statusOf(b, a.id)).toBe(3);
  });

  it('befriended → none by removing', async () => {
    const [a, b] = await pair();
    await act(a, 'send', b.id);
    await act(b, 'accept', a.id);
    expect((await act(a, 'remove', b.id)).json).toEqual({
      success: true,
      message: 'Die Verbindung wurde beendet.',
    });
    expect(await statusOf(b, a.id)).toBe(3);
  });

  it('illegal transitions are 409 with a clear message and change nothing', async () => {
    const [a, b] = await pair();
    const refused = [
      await act(a, 'accept', b.id),
      await act(a, 'deny', b.id),
      await act(a, 'retract', b.id),
      await act(a, 'remove', b.id),
    ];
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.json.code).toBe('friendship_state');
    }
    await act(a, 'send', b.id);
    expect((await act(a, 'send', b.id)).status).toBe(409);
    expect((await act(b, 'send', a.id)).status).toBe(409);
    expect((await act(a, 'accept', b.id)).status).toBe(409);
    expect(await statusOf(a, b.id)).toBe(0);
  });

  it('bad input: unknown member or oneself 404, bad id 422, message too long 422, guest 401', async () => {
    const [a, b] = await pair();
    expect((await act(a, 'send', 999_999)).status).toBe(404);
    expect((await act(a, 'send', a.id)).status).toBe(404);
    expect(
      (await call(t, 'POST', '/api/user/friend/request/send/abc', { token: a.token, body: {} })).status,
    ).toBe(422);
    expect((await act(a, 'send', b.id, 'x'.repeat(501))).status).toBe(422);
    expect((await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { body: {} })).status).toBe(401);
    expect(await statusOf(a, b.id)).toBe(3);
  });

  it('two members acting at once: double accept ends befriended once, one 409', async () => {
    const [a, b] = await pair();
    await act(a, 'send', b.id);
    const results = await Promise.all([act(b, 'accept', a.id), act(b, 'accept', a.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await statusOf(a, b.id)).toBe(2);
  });

  it('accept while the other retracts: exactly one wins and both sides agree', async () => {
    const [a, b] = await pair();
    await act(a, 'send', b.id);
    const [accept, retract] = await Promise.all([act(b, 'accept', a.id), act(a, 'retract', b.id)]);
    expect([accept.status, retract.status].sort()).toEqual([200, 409]);
    const sa = await statusOf(a, b.id);
    const sb = await statusOf(b, a.id);
    expect(
      sa === 2 && sb === 2 ? 'befriended' : sa === 3 && sb === 3 ? 'none' : `split ${sa}/${sb}`,
    ).not.toMatch(/split/);
  });

  it('each change reaches the other member live on their private channels', async () => {
    const [a, b] = await pair();
    const clientB = connectPusher(port, t.config.realtime.key, b.token);
    const clientA = connectPusher(port, t.config.realtime.key, a.token);
    try {
      await subscribed(clientB, memberChannel(b.id, 'chat_contacts'));
      await subscribed(clientA, memberChannel(a.id, 'friendship_accepted'));
      await subscribed(clientB, memberChannel(b.id, 'partner_status_changed'));
      const contact = waitFor<{ contact: { id: number }; friend_status: number }>((done) =>
        clientB.channel(memberChannel(b.id, 'chat_contacts')).bind('NewChatContact', done),
      );
      await act(a, 'send', b.id, 'Hallo');
      expect(await contact).toMatchObject({ contact: { id: a.id }, friend_status: 1 });
      const confirmed = waitFor<{ contact: { id: number } }>((done) =>
        clientA.channel(memberChannel(a.id, 'friendship_accepted')).bind('FriendRequestConfirmation', done),
      );
      await act(b, 'accept', a.id);
      expect((await confirmed).contact.id).toBe(b.id);
      const changed = waitFor<{ status: number; user_id: number; foreign_user_id: number }>((done) =>
        clientB.channel(memberChannel(b.id, 'partner_status_changed')).bind('PartnerStatusChanged', done),
      );
      await act(a, 'remove', b.id);
      expect(await changed).toMatchObject({ status: 3, user_id: b.id, foreign_user_id: a.id });
    } finally {
      clientA.disconnect();
      clientB.disconnect();
    }
  });

  it('a request mails the other member a link to the accept-friend-request screen, without its words', async () => {
    const [a, b] = await pair();
    await act(a, 'send', b.id, 'Ich verstehe dich gut.');
    await sendWaitingNotices(t);
    const mail = (await outbox(t)).find(
      (m) => m.to.includes(b.email) && m.links.some((l) => l.endsWith(`/friend-request/${a.id}`)),
    );
    expect(mail?.subject).toContain('möchte dein Trostpartner sein');
    expect(mail?.text).not.toContain('Ich verstehe dich gut.');
  });

  it('a request with no answer for 14 days expires kindly: both back to none, a gentle mail', async () => {
    const [a, b] = await pair();
    await act(a, 'send', b.id);
    expect(await expireStaleRequests(t.app.ctx, new Date(Date.now() + 13 * 86_400_000))).toBe(0);
    expect(
      await expireStaleRequests(t.app.ctx, new Date(Date.now() + 15 * 86_400_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await statusOf(a, b.id)).toBe(3);
    await sendWaitingNotices(t, tomorrowNoon(Date.now() + 15 * 86_400_000));
    const mails = (await outbox(t)).filter((m) => m.to.includes(a.email));
    expect(mails.some((m) => m.text.includes('ist abgelaufen'))).toBe(true);
  });

  it('issue 10: the expiry sweep is an hourly job on the queue; a run expires requests older than 14 days only', async () => {
    const sweep = (await t.app.ctx.jobs.schedules()).find((s) => s.name === 'friend-requests-expire');
    expect(sweep).toEqual({ name: 'friend-requests-expire', cron: '0 * * * *' });

    const sentDaysAgo = async (from: MemberTokens, to: MemberTokens, days: number) => {
      await act(from, 'send', to.id);
      const [low, high] = from.id < to.id ? [from.id, to.id] : [to.id, from.id];
      await t.app.ctx.db
        .update(partnerships)
        .set({ requestedAt: new Date(Date.now() - days * 86_400_000) })
        .where(and(eq(partnerships.userLow, low), eq(partnerships.userHigh, high)));
    };
    const [a, b] = await pair();
    const [c, d] = await pair();
    await sentDaysAgo(a, b, 14.01);
    await sentDaysAgo(c, d, 13.99);

    expect(await t.app.ctx.jobs.send('friend-requests-expire', {})).toEqual(expect.any(String));
    expect(await t.app.ctx.jobs.drain()).toBeGreaterThanOrEqual(1);
    expect([await statusOf(a, b.id), await statusOf(b, a.id)]).toEqual([3, 3]);
    expect([await statusOf(c, d.id), await statusOf(d, c.id)]).toEqual([0, 1]);
    await sendWaitingNotices(t);
    const mails = (await outbox(t)).filter(
      (m) => m.to.includes(a.email) && m.text.includes('ist abgelaufen'),
    );
    expect(mails).toHaveLength(1);
  });
});

describe('partner profile', () => {
  it('shows nickname, introduction and why you match; unknown members are 404', async () => {
    const [a, b] = await pair();
    const res = await call(t, 'GET', `/api/profile/${a.id}`, { token: b.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: a.id, friend_status: 3, is_watched: false, role: 'seeker' });
    expect(res.json.about).toMatch(/Gruppe/);
    expect((res.json.reason as unknown[]).length).toBeGreaterThan(0);
    expect((await call(t, 'GET', '/api/profile/999999', { token: b.token })).status).toBe(404);
  });
});

describe('a suspension takes the member out of suggestions and new requests until it ends', () => {
  const suggested = async (m: MemberTokens) =>
    (
      (await call(t, 'GET', '/api/user/matching/suggestions', { token: m.token })).json.suggestions as Array<{
        id: number;
      }>
    ).map((p) => p.id);
  const suspend = async (m: MemberTokens, until: Date) =>
    (
      await t.app.ctx.db
        .insert(suspensions)
        .values({ userId: m.id, reasonCode: 'respect', until })
        .returning({ id: suspensions.id })
    )[0]!.id;

  it('a suspended member is absent from suggestions (open ones and new ones) and refused as a request or a partner; their partners still read their past words; once it ends they are back', async () => {
    // A loss and language no other test here uses, so only these members fit each other.
    const answers = { loss_kind: ['suicide'], languages: ['pl'], region: ['de_bremen'], about: 'Gesperrt' };
    const a = await onboardMember(t, answers);
    const s = await onboardMember(t, answers);
    const partner = await onboardMember(t, answers);
    expect(await suggested(a)).toContain(s.id);
    // The partner and s are friends already, and s wrote to them.
    expect((await act(partner, 'send', s.id)).status).toBe(200);
    expect((await act(s, 'accept', partner.id)).status).toBe(200);
    const wrote = await call(t, 'POST', `/api/chat/${partner.id}/send`, {
      token: s.token,
      body: { message: 'Danke, dass du da bist.' },
    });
    expect(wrote.status).toBe(200);
    // A request from s to a waits: accepting it would make a new partnership.
    const waiting = await onboardMember(t, answers);
    expect((await act(s, 'send', waiting.id)).status).toBe(200);

    const id = await suspend(s, new Date(Date.now() + 3 * 86_400_000));
    expect(await suggested(a)).not.toContain(s.id);
    const newcomer = await onboardMember(t, answers);
    expect(await suggested(newcomer)).not.toContain(s.id);
    const refused = await act(a, 'send', s.id);
    expect([refused.status, refused.json.code]).toEqual([409, 'member_unavailable']);
    const notAccepted = await act(waiting, 'accept', s.id);
    expect([notAccepted.status, notAccepted.json.code]).toEqual([409, 'member_unavailable']);
    expect(await statusOf(partner, s.id)).toBe(2);
    const words = await call(t, 'GET', `/api/chat/${s.id}/messages`, { token: partner.token });
    expect(JSON.stringify(words.json)).toContain('Danke, dass du da bist.');

    // Lifted (or over): back in suggestions, and requests pass again.
    await t.app.ctx.db.update(suspensions).set({ liftedAt: new Date() }).where(eq(suspensions.id, id));
    expect(await suggested(a)).toContain(s.id);
    expect((await act(a, 'send', s.id)).status).toBe(200);
    expect((await act(waiting, 'accept', s.id)).status).toBe(200);
  });
});
