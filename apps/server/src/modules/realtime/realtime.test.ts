import { memberChannel } from '@trostnetz/contracts/realtime';
import Pusher from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../test/factories.ts';
import { connectPusher, subscribed, waitFor } from '../../test/pusher-client.ts';
import { call, createListeningTestApp, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  ({ port, ...t } = await createListeningTestApp());
});
afterAll(() => t.close());

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
      t.app.ctx.broadcaster.toMember(m.id, 'chat_contacts', { contact: { id: 7 }, friend_status: 1 });
      expect(await got).toEqual({ contact: { id: 7 }, friend_status: 1 });
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
      publisher.app.ctx.broadcaster.toMember(m.id, 'friendship_accepted', { contact: { id: 1 } });
      expect(await got).toEqual({ contact: { id: 1 } });
      const config = await call(publisher, 'GET', '/api/config');
      expect(config.json.pusher).toMatchObject({ key, host: '127.0.0.1', port, scheme: 'http' });
    } finally {
      client.disconnect();
      await publisher.close();
    }
  });
});
