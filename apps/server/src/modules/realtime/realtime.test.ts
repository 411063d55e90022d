import { FriendStatus } from '@trostnetz/contracts/friendship';
import { CHANNEL_CLOSED_EVENT, chatChannel, memberChannel } from '@trostnetz/contracts/realtime';
import Pusher from 'pusher';
import type PusherClient from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { onboardMember, registerMember } from '../../test/factories.ts';
import { connectPusher, subscribed, waitFor } from '../../test/pusher-client.ts';
import { call, createListeningTestApp, createTestApp, outbox, type TestApp } from '../../test/test-app.ts';
import { allowClientEvent } from './channel-kinds.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  ({ port, ...t } = await createListeningTestApp());
});
afterAll(() => t.close());

/** A Partner as NewChatContact and FriendRequestConfirmation carry it. */
const contact = {
  id: 7,
  chat_id: 3,
  nickname: 'Anna',
  avatar: null,
  has_messages: false,
  friend_status: FriendStatus.received,
  online: false,
  is_suggestion: false,
  reason: [],
  request_message: null,
  supporter: false,
  befriended_at: null,
  updated_at: '2026-01-15T10:00:00.000Z',
};

const form = (socket: string, channel: string) =>
  new URLSearchParams({ socket_id: socket, channel_name: channel }).toString();

describe('/pusher/auth', () => {
  it('signs the member’s own private-user_{id}_* channels', async () => {
    const m = await registerMember(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/pusher/auth',
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form('1234.5678', memberChannel(m.id, 'chat_message')),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().auth).toMatch(new RegExp(`^${t.config.realtime.key}:[a-f0-9]{64}$`));
  });

  it('refuses another member’s channel (403), unknown channels (403), guests (401) and bad input (422)', async () => {
    const m = await registerMember(t);
    const post = (payload: string, token?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/pusher/auth',
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload,
      });
    expect((await post(form('1.1', memberChannel(m.id + 1, 'chat_message')), m.token)).statusCode).toBe(403);
    expect((await post(form('1.1', `private-user_${m.id}_secrets`), m.token)).statusCode).toBe(403);
    expect((await post(form('1.1', 'presence-lobby'), m.token)).statusCode).toBe(403);
    expect((await post(form('1.1', memberChannel(m.id, 'chat_message')))).statusCode).toBe(401);
    expect((await post(form('not-a-socket', memberChannel(m.id, 'chat_message')), m.token)).statusCode).toBe(
      422,
    );
  });
});

describe('live events through the embedded server', () => {
  it('pusher-js subscribes with the app’s auth and receives what the broadcaster publishes', async () => {
    const m = await registerMember(t);
    const client = connectPusher(port, t.config.realtime.key, m.token);
    try {
      await subscribed(client, memberChannel(m.id, 'chat_contacts'));
      const got = waitFor<unknown>((done) =>
        client.channel(memberChannel(m.id, 'chat_contacts')).bind('NewChatContact', done),
      );
      const payload = { contact, friend_status: FriendStatus.received };
      t.app.ctx.broadcaster.toMember(m.id, 'chat_contacts', 'NewChatContact', payload);
      expect(await got).toEqual(payload);
    } finally {
      client.disconnect();
    }
  });

  it('a member cannot subscribe to someone else’s channel', async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    const client = connectPusher(port, t.config.realtime.key, a.token);
    try {
      const error = await waitFor<{ status: number }>((done) => {
        client.subscribe(memberChannel(b.id, 'chat_message')).bind('pusher:subscription_error', done);
      });
      expect(error.status).toBe(403);
    } finally {
      client.disconnect();
    }
  });

  it('typed live events: outside production a payload of the wrong shape or an unknown event throws at the call', () => {
    const b = t.app.ctx.broadcaster;
    expect(() => b.toMember(1, 'chat_contacts', 'NewChatContact', { contact: { id: 7 } } as never)).toThrow();
    expect(() => b.toMember(1, 'chat_contacts', 'ChatMessageNew' as never, { contact } as never)).toThrow(
      /carries no event ChatMessageNew/,
    );
    expect(() =>
      b.toMember(1, 'chat_contacts', 'NewChatContact', { contact, friend_status: 1 }),
    ).not.toThrow();
  });

  it('typed live events: in production nothing is parsed on the hot path and a publish never throws', async () => {
    const production = await createTestApp({}, { NODE_ENV: 'production' });
    try {
      const publish = () =>
        production.app.ctx.broadcaster.toMember(1, 'chat_contacts', 'NewChatContact', {
          wrong: true,
        } as never);
      expect(publish).not.toThrow();
    } finally {
      await production.close();
    }
  });

  it('the official pusher SDK can publish through the HTTP events API', async () => {
    const m = await registerMember(t);
    const client = connectPusher(port, t.config.realtime.key, m.token);
    const { appId, key, secret } = t.config.realtime;
    const sdk = new Pusher({ appId, key, secret, host: '127.0.0.1', port: String(port), useTLS: false });
    try {
      const channel = memberChannel(m.id, 'partner_status_changed');
      await subscribed(client, channel);
      const got = waitFor<unknown>((done) => client.channel(channel).bind('PartnerStatusChanged', done));
      const res = await sdk.trigger(channel, 'PartnerStatusChanged', {
        status: 3,
        user_id: m.id,
        foreign_user_id: 9,
      });
      expect(res.status).toBe(200);
      expect(await got).toEqual({ status: 3, user_id: m.id, foreign_user_id: 9 });
    } finally {
      client.disconnect();
    }
  });

  it('a full batch (10 events close to the 10 KB data limit) is accepted by the events API', async () => {
    const { appId, key, secret } = t.config.realtime;
    const sdk = new Pusher({ appId, key, secret, host: '127.0.0.1', port: String(port), useTLS: false });
    const data = { text: '"ä'.repeat(2000) }; // 8 KB of data, ~12 KB once escaped into the batch body
    const batch = Array.from({ length: 10 }, (_, i) => ({
      channel: `private-user_${i + 1}_chat_message`,
      name: 'ChatMessageNew',
      data,
    }));
    const res = await sdk.triggerBatch(batch);
    expect(res.status).toBe(200);
  });

  it('logout closes the member’s sockets', async () => {
    const m = await registerMember(t);
    const client = connectPusher(port, t.config.realtime.key, m.token);
    try {
      await subscribed(client, memberChannel(m.id, 'chat_message'));
      const closed = waitFor<void>((done) =>
        client.connection.bind('state_change', (s: { current: string }) => {
          if (s.current !== 'connected') done();
        }),
      );
      expect((await call(t, 'DELETE', '/api/auth/tokens/revoke', { token: m.token })).status).toBe(204);
      await closed;
    } finally {
      client.disconnect();
    }
  });
});

describe('REALTIME_DRIVER=pusher', () => {
  it('publishes through the official SDK to an external Pusher-protocol server (here: another app’s)', async () => {
    const { appId, key, secret } = t.config.realtime;
    const publisher = await createTestApp(
      {},
      {
        REALTIME_DRIVER: 'pusher',
        PUSHER_APP_ID: appId,
        PUSHER_APP_KEY: key,
        PUSHER_APP_SECRET: secret,
        PUSHER_HOST: '127.0.0.1',
        PUSHER_PORT: String(port),
        PUSHER_SCHEME: 'http',
      },
    );
    const m = await registerMember(t);
    const client = connectPusher(port, key, m.token);
    try {
      expect(publisher.app.realtime).toBeNull();
      const channel = memberChannel(m.id, 'friendship_accepted');
      await subscribed(client, channel);
      const got = waitFor<unknown>((done) => client.channel(channel).bind('FriendRequestConfirmation', done));
      const payload = { contact, friend_status: FriendStatus.befriended, message: null };
      publisher.app.ctx.broadcaster.toMember(
        m.id,
        'friendship_accepted',
        'FriendRequestConfirmation',
        payload,
      );
      expect(await got).toEqual(payload);
      const config = await call(publisher, 'GET', '/api/config');
      expect(config.json.pusher).toMatchObject({ key, host: '127.0.0.1', port, scheme: 'http' });
    } finally {
      client.disconnect();
      await publisher.close();
    }
  });
});

describe('issue 9 item 2: conversation channels end at once', () => {
  let group = 0;
  /** Two befriended partners, each with pusher-js subscribed to their conversation channel. */
  async function partnersOnTheirChannel() {
    group += 1;
    const answers = {
      loss_kind: ['other'],
      languages: ['ru'],
      region: [group % 2 ? 'de_sachsen' : 'de_bremen'],
    };
    const a = await onboardMember(t, answers);
    const b = await onboardMember(t, answers);
    await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} });
    await call(t, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: b.token, body: {} });
    const partners = (await call(t, 'GET', '/api/chat/partners', { token: a.token }))
      .json as unknown as Array<{
      id: number;
      chat_id: number;
    }>;
    const channel = chatChannel(partners.find((p) => p.id === b.id)!.chat_id);
    const clientA = connectPusher(port, t.config.realtime.key, a.token);
    const clientB = connectPusher(port, t.config.realtime.key, b.token);
    clients.push(clientA, clientB);
    await Promise.all([subscribed(clientA, channel), subscribed(clientB, channel)]);
    const closed = (client: PusherClient) =>
      waitFor<{ channel: string }>((done) => client.channel(channel).bind(CHANNEL_CLOSED_EVENT, done));
    return { a, b, channel, clientA, clientB, closedA: closed(clientA), closedB: closed(clientB) };
  }
  const clients: PusherClient[] = [];
  afterEach(() => {
    for (const c of clients.splice(0)) c.disconnect();
  });

  /** B's typing is refused by the server (4302) and never reaches A; B's new subscription is refused (403). */
  async function expectShutOut(clientA: PusherClient, clientB: PusherClient, channel: string) {
    const typing: unknown[] = [];
    clientA.channel(channel)?.bind('client-typing', (d: unknown) => typing.push(d));
    const refused = waitFor<{ data: { code: number } }>((done) => clientB.connection.bind('error', done));
    clientB.channel(channel).trigger('client-typing', { user_id: 1 });
    expect((await refused).data.code).toBe(4302);
    clientB.unsubscribe(channel);
    const error = await waitFor<{ status: number }>((done) =>
      clientB.subscribe(channel).bind('pusher:subscription_error', done),
    );
    expect(error.status).toBe(403);
    expect(typing).toEqual([]);
  }

  it('client event rule: only the typing signal on a conversation, naming its own sender, reaches the partner; any other event, payload or name is refused (4302)', async () => {
    const { a, b, channel, clientA, clientB } = await partnersOnTheirChannel();
    const got: Array<{ event: string; data: unknown }> = [];
    clientA.channel(channel).bind_global((event: string, data: unknown) => {
      if (event.startsWith('client-')) got.push({ event, data });
    });
    const refusals: number[] = [];
    clientB.connection.bind('error', (e: { data: { code: number } }) => refusals.push(e.data.code));
    const send = (event: string, data: unknown) => clientB.channel(channel).trigger(event, data);
    send('client-typing', { user_id: a.id });
    send('client-typing', { user_id: b.id, text: 'hallo' });
    send('client-message', { user_id: b.id, text: 'hallo' });
    send('client-typing', 'plain');
    await new Promise((r) => setTimeout(r, 300));
    send('client-typing', { user_id: b.id });
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toEqual([{ event: 'client-typing', data: { user_id: b.id } }]);
    expect(refusals).toEqual([4302, 4302, 4302, 4302]);
    // The rule itself, for the channels this test does not open.
    expect(
      allowClientEvent({
        channel: 'private-user_1_group_1',
        event: 'client-typing',
        data: { user_id: 1 },
        userId: '1',
      }),
    ).toBe(false);
    expect(
      allowClientEvent({
        channel: 'private-user_1_post_1',
        event: 'client-typing',
        data: { user_id: 1 },
        userId: '1',
      }),
    ).toBe(false);
    expect(
      allowClientEvent({ channel: channel, event: 'client-typing', data: { user_id: 1 }, userId: null }),
    ).toBe(false);
    expect(
      allowClientEvent({ channel: channel, event: 'client-typing', data: { user_id: 1 }, userId: '1' }),
    ).toBe(true);
  });

  it('hiding a partner ends the pair’s channel for both: no client event gets through, no one may join again', async () => {
    const { a, b, channel, clientA, clientB, closedA, closedB } = await partnersOnTheirChannel();
    expect((await call(t, 'POST', '/api/block', { token: a.token, body: { userId: b.id } })).status).toBe(
      201,
    );
    expect(await closedB).toEqual({ channel });
    await closedA;
    await expectShutOut(clientA, clientB, channel);
  });

  it('removing a partner ends the pair’s channel the same way', async () => {
    const { a, b, channel, clientA, clientB, closedB } = await partnersOnTheirChannel();
    await call(t, 'POST', `/api/user/friend/list/remove/${b.id}`, { token: a.token, body: {} });
    await closedB;
    await expectShutOut(clientA, clientB, channel);
  });

  it('logout ends the member’s conversation channels: the partner joins again, the ended session cannot', async () => {
    const { a, channel, clientA, clientB, closedA, closedB } = await partnersOnTheirChannel();
    // A socket of A's session that joined only the conversation (no member channel to be found by).
    expect((await call(t, 'DELETE', '/api/auth/tokens/revoke', { token: a.token })).status).toBe(204);
    await Promise.all([closedA, closedB]);
    clientB.unsubscribe(channel);
    await subscribed(clientB, channel);
    clientA.unsubscribe(channel);
    const refused = await waitFor<{ status: number }>((done) =>
      clientA.subscribe(channel).bind('pusher:subscription_error', done),
    );
    expect(refused.status).toBe(401);
  });

  it('a reused refresh token ends the session live too: its sockets close and its conversation channels end', async () => {
    const { a, channel, clientB, closedB } = await partnersOnTheirChannel();
    const own = connectPusher(port, t.config.realtime.key, a.token);
    clients.push(own);
    await subscribed(own, memberChannel(a.id, 'chat_message'));
    const dropped = waitFor<void>((done) =>
      own.connection.bind('state_change', (s: { current: string }) => s.current !== 'connected' && done()),
    );
    const first = await call(t, 'GET', '/api/auth/tokens/refresh', { token: a.refresh_token });
    expect(first.status).toBe(200);
    expect((await call(t, 'GET', '/api/auth/tokens/refresh', { token: a.refresh_token })).status).toBe(401);
    await Promise.all([dropped, closedB]);
    clientB.unsubscribe(channel);
    await subscribed(clientB, channel);
  });

  it('a password reset ends the member’s conversation channels too', async () => {
    const { a, channel, clientB, closedB } = await partnersOnTheirChannel();
    await call(t, 'POST', '/api/auth/forgot-password', { body: { email: a.email } });
    const link = (await outbox(t))
      .flatMap((m) => (m.to.includes(a.email) ? m.links : []))
      .find((l) => l.includes('/password/reset/'))!;
    const password = 'Ein ganz neues Passwort 42';
    const reset = await call(t, 'POST', '/api/auth/reset-password', {
      body: { token: link.split('/password/reset/')[1], password, password_confirmation: password },
    });
    expect(reset.status).toBe(200);
    expect(await closedB).toEqual({ channel });
    clientB.unsubscribe(channel);
    await subscribed(clientB, channel);
  });
});
