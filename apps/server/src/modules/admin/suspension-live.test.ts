import { chatChannel, memberChannel } from '@trostnetz/contracts/realtime';
import type PusherClient from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type MemberTokens, onboardMember, strongPassword } from '../../test/factories.ts';
import { connectPusher, subscribed, waitFor } from '../../test/pusher-client.ts';
import { grantRole, staffSignIn } from '../../test/staff.ts';
import { call, createListeningTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 16 "Done means": a suspended member's tokens and sockets end at once. A real pusher-js client of
 * the member, on their own channels and their conversation's, loses its connection the moment a
 * moderator suspends them; its reconnection is refused every channel (401), and so is every later try;
 * the refresh token, the console session and a new sign-in are refused too.
 */

let t: TestApp;
let port: number;
let mod: string;
let groupId: number;
const clients: PusherClient[] = [];

beforeAll(async () => {
  const listening = await createListeningTestApp();
  t = listening;
  port = listening.port;
  const m = await onboardMember(t);
  await grantRole(t, m.id, 'moderator');
  mod = (await staffSignIn(t, m)).token;
  const groups = await call(t, 'GET', '/api/group', { token: m.token });
  groupId = (groups.json.categories as Array<{ groups: Array<{ id: number }> }>)[0]!.groups[0]!.id;
});
afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});
afterAll(() => t.close());

let pairs = 0;
/** A member with a partner (so a conversation channel) and a console session (support role). */
async function memberWithPartner() {
  pairs += 1;
  const answers = {
    loss_kind: ['other'],
    languages: ['ru'],
    region: [pairs % 2 ? 'de_hessen' : 'de_saarland'],
  };
  const m = await onboardMember(t, answers);
  const partner = await onboardMember(t, answers);
  await call(t, 'POST', `/api/user/friend/request/send/${partner.id}`, { token: m.token, body: {} });
  await call(t, 'POST', `/api/user/friend/request/accept/${m.id}`, { token: partner.token, body: {} });
  const list = (await call(t, 'GET', '/api/chat/partners', { token: m.token })).json as unknown as Array<{
    id: number;
    chat_id: number;
  }>;
  const chatId = list.find((p) => p.id === partner.id)!.chat_id;
  await grantRole(t, m.id, 'support');
  const consoleToken = (await staffSignIn(t, m)).token;
  return { m, chatId, consoleToken };
}

const until = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** The two ways a moderator suspends: deciding a report on the member's post, or in the console. */
const suspensions: Array<[string, (m: MemberTokens) => Promise<number>]> = [
  [
    'a report decided "member suspended"',
    async (m) => {
      await call(t, 'POST', `/api/group/${groupId}/membership`, { token: m.token });
      const post = await call(t, 'POST', '/api/post', {
        token: m.token,
        body: { group_id: groupId, title: 'Wut', message: 'Ihr seid alle gleich.' },
      });
      const reporter = await onboardMember(t);
      await call(t, 'POST', `/api/group/${groupId}/membership`, { token: reporter.token });
      const report = await call(t, 'POST', `/api/post/${post.json.id}/report`, {
        token: reporter.token,
        body: { reason: 'harassment' },
      });
      const res = await call(t, 'POST', `/api/admin/reports/${report.json.id}/decision`, {
        token: mod,
        body: {
          decision: 'member_suspended',
          rule: 'harassment',
          statement: 'Wiederholte Angriffe.',
          until: until(),
        },
      });
      return res.status;
    },
  ],
  [
    'a suspension in the console',
    async (m) => {
      const res = await call(t, 'POST', `/api/admin/members/${m.id}/suspension`, {
        token: mod,
        body: {
          reason_code: 'harassment',
          text: 'Drohungen im Chat.',
          until: until(),
          password: strongPassword,
        },
      });
      return res.status;
    },
  ],
];

describe('issue 16: a suspended member’s tokens and sockets end at once (a real pusher-js client)', () => {
  it.each(
    suspensions,
  )('%s: the socket on the member’s private channels closes at once, no channel can be joined again, the refresh token and the console session end', async (_way, suspend) => {
    const { m, chatId, consoleToken } = await memberWithPartner();
    const client = connectPusher(port, t.config.realtime.key, m.token);
    clients.push(client);
    const channels = [
      memberChannel(m.id, 'chat_message'),
      memberChannel(m.id, 'friend_requests_changed'),
      chatChannel(chatId),
    ];
    await Promise.all(channels.map((c) => subscribed(client, c)));
    const connectionEnded = waitFor<string>((done) =>
      client.connection.bind('state_change', (s: { current: string }) => {
        if (s.current !== 'connected') done(s.current);
      }),
    );
    // pusher-js reconnects at once and subscribes again to what it had: every channel is refused.
    const refused = channels.map((c) =>
      waitFor<{ status: number }>((done) => client.channel(c).bind('pusher:subscription_error', done)),
    );

    expect(await suspend(m)).toBeLessThan(300);

    expect(await connectionEnded).not.toBe('connected');
    expect((await Promise.all(refused)).map((e) => e.status)).toEqual([401, 401, 401]);
    // A later try is refused as well, through the client and at the authorization endpoint itself.
    client.unsubscribe(channels[0]!);
    const again = await waitFor<{ status: number }>((done) =>
      client.subscribe(channels[0]!).bind('pusher:subscription_error', done),
    );
    expect(again.status).toBe(401);
    const auth = await call(t, 'POST', '/pusher/auth', {
      token: m.token,
      body: { socket_id: '1.1', channel_name: channels[0] },
    });
    expect(auth.status).toBe(401);
    // The tokens: access and refresh token end, the console session ends, a new sign-in is refused.
    expect((await call(t, 'GET', '/api/notifications', { token: m.token })).status).toBe(401);
    expect((await call(t, 'GET', '/api/auth/tokens/refresh', { token: m.refresh_token })).status).toBe(401);
    expect((await call(t, 'GET', '/api/admin/me', { token: consoleToken })).status).toBe(401);
    const login = await call(t, 'POST', '/api/auth/tokens', {
      body: { username: m.email, password: strongPassword },
    });
    expect([login.status, login.json.code]).toEqual([403, 'account_suspended']);
  });
});
