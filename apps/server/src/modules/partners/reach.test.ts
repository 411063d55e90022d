import { memberChannel, memberChannelKinds } from '@trostnetz/contracts/realtime';
import { eq } from 'drizzle-orm';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { type MemberTokens, onboardMember } from '../../test/factories.ts';
import { connectPusher, subscribed } from '../../test/pusher-client.ts';
import { call, createListeningTestApp, type Json, type TestApp } from '../../test/test-app.ts';
import { expireStaleRequests } from './friendship.service.ts';

/**
 * Who may reach me (issue 43): friend requests only from members who share a kind of loss with me, and
 * not from accounts younger than 0, 7 or 30 days. A request that does not pass is kept from me and ends
 * like an unanswered one; its sender can tell it from one not yet answered by nothing they receive.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  ({ port, ...t } = await createListeningTestApp());
});
afterAll(() => t.close());

const DAY = 86_400_000;
let group = 0;
/** A member of their own small world (language and region), so the matcher pairs nobody else with them. */
const member = (loss: string) => {
  group += 1;
  return onboardMember(t, { loss_kind: [loss], languages: ['pl'], region: [group % 2 ? 'de_bayern' : 'at'] });
};
const reach = (m: MemberTokens, body: unknown) => call(t, 'PUT', '/api/user/reach', { token: m.token, body });
const send = (m: MemberTokens, other: number, message = 'Magst du schreiben?') =>
  call(t, 'POST', `/api/user/friend/request/send/${other}`, { token: m.token, body: { message } });
const partners = async (m: MemberTokens) =>
  (await call(t, 'GET', '/api/chat/partners', { token: m.token })).json as unknown as Json[];
const entryFor = async (m: MemberTokens, other: number) => (await partners(m)).find((p) => p.id === other);
const notifications = async (m: MemberTokens) =>
  (await call(t, 'GET', '/api/notifications', { token: m.token })).json as unknown as Json;
const ageAccount = (m: MemberTokens, ms: number) =>
  t.app.ctx.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(users.id, m.id));

/** Everything that reaches a member live, on every channel of theirs. */
async function listen(m: MemberTokens) {
  const client = connectPusher(port, t.config.realtime.key, m.token);
  const events: { channel: string; event: string; data: unknown }[] = [];
  for (const kind of memberChannelKinds) {
    const name = memberChannel(m.id, kind);
    await subscribed(client, name);
    client.channel(name).bind_global((event: string, data: unknown) => {
      if (!event.startsWith('pusher')) events.push({ channel: kind, event, data });
    });
  }
  return { client: client as Pusher, events };
}
/** What a sender sees of a recipient, with who the recipient is taken out. */
const anonymous = (value: unknown, ids: number[]): unknown =>
  JSON.parse(
    JSON.stringify(value, (key, v) =>
      ['nickname', 'avatar', 'updated_at', 'chat_id', 'created_at', 'at', 'id'].includes(key)
        ? typeof v
        : typeof v === 'number' && ids.includes(v)
          ? 'recipient'
          : v,
    ),
  );

describe('who may reach me: the choices', () => {
  it('default: everyone; the member chooses same loss only and 0, 7 or 30 days', async () => {
    const m = await member('pet');
    expect((await call(t, 'GET', '/api/user/reach', { token: m.token })).json).toEqual({
      same_loss_only: false,
      min_account_days: 0,
    });
    for (const days of [0, 7, 30]) {
      const res = await reach(m, { same_loss_only: true, min_account_days: days });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ same_loss_only: true, min_account_days: days });
    }
    expect((await call(t, 'GET', '/api/user/reach', { token: m.token })).json).toEqual({
      same_loss_only: true,
      min_account_days: 30,
    });
  });

  it.each([
    [{ same_loss_only: true, min_account_days: 14 }],
    [{ same_loss_only: true, min_account_days: -7 }],
    [{ same_loss_only: 'yes', min_account_days: 0 }],
    [{ same_loss_only: true }],
    [{ same_loss_only: true, min_account_days: 7, loss_kind: ['pet'] }],
    [[]],
  ])('bad input is a clear 422: %j', async (body) => {
    const m = await member('pet');
    expect((await reach(m, body)).status).toBe(422);
  });

  it('only for the signed-in member', async () => {
    expect((await call(t, 'GET', '/api/user/reach')).status).toBe(401);
    expect(
      (await call(t, 'PUT', '/api/user/reach', { body: { same_loss_only: true, min_account_days: 0 } }))
        .status,
    ).toBe(401);
  });
});

describe('same loss rule: requests only from members who share a kind of loss', () => {
  it('without a loss in common the request is kept: the recipient has no request, no notice, no event', async () => {
    const [s, r] = [await member('pet'), await member('friend')];
    await reach(r, { same_loss_only: true, min_account_days: 0 });
    const live = await listen(r);
    try {
      expect((await send(s, r.id)).status).toBe(200);
      expect(await entryFor(r, s.id)).toBeUndefined();
      expect((await entryFor(s, r.id))?.friend_status).toBe(0);
      expect((await notifications(r)).data).toEqual([]);
      await new Promise((done) => setTimeout(done, 300));
      expect(live.events).toEqual([]);
    } finally {
      live.client.disconnect();
    }
  });

  it('with a loss in common it reaches the recipient', async () => {
    const [s, r] = [await member('pet'), await member('pet')];
    await reach(r, { same_loss_only: true, min_account_days: 0 });
    await send(s, r.id);
    expect((await entryFor(r, s.id))?.friend_status).toBe(1);
  });
});

describe('account age rule: not from accounts younger than N days', () => {
  it('7 days: a minute younger is kept, a minute older reaches; 0 days lets a new account reach', async () => {
    const [young, old, fresh] = [await member('pet'), await member('pet'), await member('pet')];
    const r = await member('pet');
    await ageAccount(young, 7 * DAY - 60_000);
    await ageAccount(old, 7 * DAY + 60_000);
    await reach(r, { same_loss_only: false, min_account_days: 7 });
    await send(young, r.id);
    await send(old, r.id);
    expect(await entryFor(r, young.id)).toBeUndefined();
    expect((await entryFor(r, old.id))?.friend_status).toBe(1);
    const open = await member('pet');
    await send(fresh, open.id);
    expect((await entryFor(open, fresh.id))?.friend_status).toBe(1);
  });

  it('30 days: 29 days old is kept, 31 days old reaches', async () => {
    const [young, old, r] = [await member('pet'), await member('pet'), await member('pet')];
    await ageAccount(young, 29 * DAY);
    await ageAccount(old, 31 * DAY);
    await reach(r, { same_loss_only: false, min_account_days: 30 });
    await send(young, r.id);
    await send(old, r.id);
    expect(await entryFor(r, young.id)).toBeUndefined();
    expect((await entryFor(r, old.id))?.friend_status).toBe(1);
  });
});

describe('held request rule: the sender cannot tell a held request from one not yet answered', () => {
  it('the same answers, lists, profile, events and notices, through the expiry; the recipients differ', async () => {
    const s = await member('pet');
    // Neither shares a loss with the sender: one lets everyone reach them, the other only the same loss.
    const [open, closed] = [await member('friend'), await member('friend')];
    await reach(closed, { same_loss_only: true, min_account_days: 0 });
    const live = await listen(s);
    const openLive = await listen(open);
    const closedLive = await listen(closed);
    try {
      const views = async (r: MemberTokens) => {
        const sent = await send(s, r.id, 'Ich würde gern mit dir schreiben.');
        const profile = (await call(t, 'GET', `/api/profile/${r.id}`, { token: s.token })).json;
        return anonymous(
          {
            status: sent.status,
            answer: sent.json,
            entry: await entryFor(s, r.id),
            profile: {
              friend_status: profile.friend_status,
              request_message: profile.request_message,
              words: profile.words,
            },
            again: (await send(s, r.id)).json,
          },
          [r.id],
        );
      };
      expect(await views(closed)).toEqual(await views(open));
      await new Promise((done) => setTimeout(done, 300));
      expect(live.events).toEqual([]);
      expect(openLive.events.map((e) => e.event)).toContain('NewChatContact');
      expect(closedLive.events).toEqual([]);

      // 14 days on, both end alike for the sender: the same live change and the same gentle notice.
      await expireStaleRequests(t.app.ctx, new Date(Date.now() + 15 * DAY));
      await new Promise((done) => setTimeout(done, 300));
      const about = (r: MemberTokens) =>
        live.events
          .filter((e) => JSON.stringify(e.data).includes(`:${r.id}`))
          .map((e) => anonymous(e, [r.id]));
      expect(about(open).length).toBeGreaterThan(0);
      expect(about(closed)).toEqual(about(open));
      const notes = (await notifications(s)).data as Json[];
      expect(notes.map((n) => n.kind)).toEqual(['request_expired', 'request_expired']);
      expect(anonymous(notes[0], [open.id, closed.id])).toEqual(anonymous(notes[1], [open.id, closed.id]));
      expect(await entryFor(s, closed.id)).toEqual(undefined);
      expect(closedLive.events).toEqual([]);
    } finally {
      for (const l of [live, openLive, closedLive]) l.client.disconnect();
    }
  });

  it('withdrawing a held request answers as any withdrawal and tells the recipient nothing', async () => {
    const s = await member('pet');
    const [open, closed] = [await member('friend'), await member('friend')];
    await reach(closed, { same_loss_only: true, min_account_days: 0 });
    await send(s, open.id);
    await send(s, closed.id);
    const retract = (r: MemberTokens) =>
      call(t, 'POST', `/api/user/friend/request/retract/${r.id}`, { token: s.token, body: {} });
    expect((await retract(closed)).json).toEqual((await retract(open)).json);
    expect(await entryFor(s, closed.id)).toBeUndefined();
    expect((await notifications(closed)).data).toEqual([]);
  });

  it('a held request counts towards the open-request limit like any other', async () => {
    const s = await member('pet');
    const closed = await member('friend');
    await reach(closed, { same_loss_only: true, min_account_days: 0 });
    await send(s, closed.id);
    for (let i = 0; i < 2; i++) await send(s, (await member('friend')).id);
    const over = await send(s, (await member('friend')).id);
    expect(over.status).toBe(409);
    expect(over.json.code).toBe('open_requests_limit');
  });

  it('the recipient who asks the sender in turn: both asked, so they are partners, and the sender hears an acceptance', async () => {
    const s = await member('pet');
    const r = await member('friend');
    await reach(r, { same_loss_only: true, min_account_days: 0 });
    await send(s, r.id);
    const live = await listen(s);
    try {
      const res = await send(r, s.id, 'Hallo!');
      expect(res.status).toBe(200);
      expect(res.json.partner).toMatchObject({ id: s.id, friend_status: 2 });
      expect((await entryFor(s, r.id))?.friend_status).toBe(2);
      await new Promise((done) => setTimeout(done, 300));
      expect(live.events.map((e) => e.event)).toContain('FriendRequestConfirmation');
    } finally {
      live.client.disconnect();
    }
  });
});
