import { memberChannel } from '@trostnetz/contracts/realtime';
import { eq } from 'drizzle-orm';
import type PusherClient from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/sessions.ts';
import { registerMember, signInFrom, strongPassword, verifyMember } from '../../test/factories.ts';
import { connectPusher, subscribed, waitFor } from '../../test/pusher-client.ts';
import { call, createListeningTestApp, outbox, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  const listening = await createListeningTestApp();
  t = listening;
  port = listening.port;
});
afterAll(() => t.close());

const agents = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 13; SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  windowsFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
  windowsFirefoxNewer: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  ipadSafari:
    'Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
};

async function member(locale: 'de' | 'en' = 'de') {
  const m = await registerMember(t, { locale });
  await verifyMember(t, m);
  return m;
}

const login = (email: string, userAgent: string) => signInFrom(t, email, userAgent);

interface Listed {
  id: string;
  browser: string | null;
  os: string | null;
  device: string;
  device_model: string | null;
  last_used_at: string;
  created_at: string;
  current: boolean;
}
const list = async (token: string) => {
  const res = await call(t, 'GET', '/api/settings/sessions', { token });
  expect(res.status).toBe(200);
  return res.json.data as Listed[];
};

/** Resolves when the pusher-js client loses its connection. */
const disconnected = (client: PusherClient) =>
  waitFor<void>((done) =>
    client.connection.bind('state_change', (s: { current: string }) => {
      if (s.current !== 'connected') done();
    }),
  );

describe('GET /api/settings/sessions', () => {
  it('lists device and browser from the user agent and when each was last used; marks the current one', async () => {
    const m = await member();
    const phone = await login(m.email, agents.androidChrome);
    await login(m.email, agents.ipadSafari);
    const rows = await list(phone.token);
    expect(rows).toHaveLength(3);
    const current = rows.filter((r) => r.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      browser: 'Chrome',
      os: 'Android',
      device: 'mobile',
      device_model: 'Samsung SM-G991B',
    });
    expect(rows.find((r) => r.os === 'iOS')).toMatchObject({
      browser: 'Mobile Safari',
      device: 'tablet',
      current: false,
    });
    // The registration's session: app.inject sends no browser we know.
    expect(rows.find((r) => r.browser === null)).toMatchObject({ device: 'desktop', current: false });
    for (const r of rows) expect(Number.isNaN(Date.parse(r.last_used_at))).toBe(false);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      ['browser', 'created_at', 'current', 'device', 'device_model', 'id', 'last_used_at', 'os'].sort(),
    );
  });

  it('last used moves at most once a minute per session', async () => {
    const m = await member();
    const [row] = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, m.id));
    const thirtySecondsAgo = new Date(Date.now() - 30_000);
    await t.app.ctx.db.update(sessions).set({ lastUsedAt: thirtySecondsAgo }).where(eq(sessions.id, row!.id));
    await call(t, 'GET', '/api/profile/init', { token: m.token });
    const [unchanged] = await t.app.ctx.db.select().from(sessions).where(eq(sessions.id, row!.id));
    expect(unchanged!.lastUsedAt.getTime()).toBe(thirtySecondsAgo.getTime());
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await t.app.ctx.db.update(sessions).set({ lastUsedAt: twoMinutesAgo }).where(eq(sessions.id, row!.id));
    // The mark was moved back behind the app's back (no request marks a session used in the past): the node's
    // session cache, which remembers when it last marked this session, is told, as an operator's edit would be.
    t.app.ctx.sessionCache?.clear();
    const before = Date.now();
    await call(t, 'GET', '/api/profile/init', { token: m.token });
    const [moved] = await t.app.ctx.db.select().from(sessions).where(eq(sessions.id, row!.id));
    expect(moved!.lastUsedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const listed = await list(m.token);
    expect(Date.parse(listed[0]!.last_used_at)).toBe(moved!.lastUsedAt.getTime());
  });

  it('ended sessions are not listed; guests get 401', async () => {
    const m = await member();
    const other = await login(m.email, agents.windowsFirefox);
    expect((await call(t, 'DELETE', '/api/auth/tokens/revoke', { token: other.token })).status).toBe(204);
    expect((await list(m.token)).map((r) => r.current)).toEqual([true]);
    expect((await call(t, 'GET', '/api/settings/sessions')).status).toBe(401);
  });
});

describe('DELETE /api/settings/sessions/{id}', () => {
  it('ends one own session: its tokens stop working, the others go on', async () => {
    const m = await member();
    const phone = await login(m.email, agents.androidChrome);
    const tablet = await login(m.email, agents.ipadSafari);
    const phoneId = (await list(phone.token)).find((r) => r.current)!.id;
    const res = await call(t, 'DELETE', `/api/settings/sessions/${phoneId}`, { token: m.token });
    expect(res.status).toBe(204);
    expect((await call(t, 'GET', '/api/profile/init', { token: phone.token })).status).toBe(401);
    expect((await call(t, 'GET', '/api/auth/tokens/refresh', { token: phone.refresh_token })).status).toBe(
      401,
    );
    expect((await call(t, 'GET', '/api/profile/init', { token: tablet.token })).status).toBe(200);
    expect((await list(m.token)).map((r) => r.id)).not.toContain(phoneId);
    // Ending it again: nothing live by that id any more.
    expect((await call(t, 'DELETE', `/api/settings/sessions/${phoneId}`, { token: m.token })).status).toBe(
      404,
    );
  });

  it('someone else’s session id is 404 exactly like an unknown one, and their session goes on', async () => {
    const a = await member();
    const b = await member();
    const bId = (await list(b.token))[0]!.id;
    const foreign = await call(t, 'DELETE', `/api/settings/sessions/${bId}`, { token: a.token });
    const unknown = await call(t, 'DELETE', '/api/settings/sessions/00000000-0000-4000-8000-000000000000', {
      token: a.token,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual(unknown.json);
    expect((await call(t, 'GET', '/api/profile/init', { token: b.token })).status).toBe(200);
  });

  it('an id that is no session id is 422, never 500', async () => {
    const m = await member();
    for (const id of ['1', 'abc', `${'0'.repeat(36)}`, '%00']) {
      const res = await call(t, 'DELETE', `/api/settings/sessions/${id}`, { token: m.token });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  it('ending a session closes its sockets', async () => {
    const m = await member();
    const phone = await login(m.email, agents.androidChrome);
    const client = connectPusher(port, t.config.realtime.key, phone.token);
    try {
      await subscribed(client, memberChannel(m.id, 'chat_message'));
      const closed = disconnected(client);
      const phoneId = (await list(phone.token)).find((r) => r.current)!.id;
      expect((await call(t, 'DELETE', `/api/settings/sessions/${phoneId}`, { token: m.token })).status).toBe(
        204,
      );
      await closed;
      // Its reconnection cannot authorize any more.
      const auth = await call(t, 'POST', '/pusher/auth', {
        token: phone.token,
        body: { socket_id: '1.1', channel_name: memberChannel(m.id, 'chat_message') },
      });
      expect(auth.status).toBe(401);
    } finally {
      client.disconnect();
    }
  });
});

describe('DELETE /api/settings/sessions (sign out everywhere else)', () => {
  it('ends every other session and closes their sockets; this one stays', async () => {
    const m = await member();
    const phone = await login(m.email, agents.androidChrome);
    const tablet = await login(m.email, agents.ipadSafari);
    const client = connectPusher(port, t.config.realtime.key, phone.token);
    try {
      await subscribed(client, memberChannel(m.id, 'chat_message'));
      const closed = disconnected(client);
      const res = await call(t, 'DELETE', '/api/settings/sessions', { token: m.token });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ ended: 2 });
      await closed;
    } finally {
      client.disconnect();
    }
    for (const other of [phone, tablet]) {
      expect((await call(t, 'GET', '/api/profile/init', { token: other.token })).status).toBe(401);
    }
    expect((await call(t, 'GET', '/api/profile/init', { token: m.token })).status).toBe(200);
    expect((await list(m.token)).map((r) => r.current)).toEqual([true]);
  });

  it('a password change closes the sockets of the other sessions', async () => {
    const m = await member();
    const phone = await login(m.email, agents.androidChrome);
    const client = connectPusher(port, t.config.realtime.key, phone.token);
    try {
      await subscribed(client, memberChannel(m.id, 'chat_message'));
      const closed = disconnected(client);
      const password = 'Weidenkätzchen im März 42';
      const res = await call(t, 'POST', '/api/settings/change-password', {
        token: m.token,
        body: { current_password: strongPassword, password, password_confirmation: password },
      });
      expect(res.status).toBe(200);
      await closed;
    } finally {
      client.disconnect();
    }
  });
});

describe('a new sign-in from an unknown browser is told by mail', () => {
  const newSignIn = async (email: string) =>
    (await outbox(t)).filter((x) => x.to.includes(email) && /Neue Anmeldung|New sign-in/.test(x.subject));

  it('registration and a sign-in with a known browser send none; a new browser and system sends one', async () => {
    const m = await member();
    await login(m.email, agents.windowsFirefox);
    // The registration session had no browser we know, so Firefox on Windows is new.
    expect(await newSignIn(m.email)).toHaveLength(1);
    await login(m.email, agents.windowsFirefoxNewer);
    expect(await newSignIn(m.email)).toHaveLength(1);
    await login(m.email, agents.androidChrome);
    const mails = await newSignIn(m.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Trostnetz: Neue Anmeldung bei deinem Konto');
    expect(mails[1]!.text).toContain(
      'gerade hat sich jemand mit Chrome (Android) bei deinem Konto angemeldet.',
    );
    expect(mails[1]!.links).toContain('http://localhost:3000/settings');
  });

  it('in the member’s language', async () => {
    const m = await member('en');
    await login(m.email, agents.ipadSafari);
    const [mail] = await newSignIn(m.email);
    expect(mail!.subject).toBe('Trostnetz: New sign-in to your account');
    expect(mail!.text).toContain('someone just signed in to your account with Mobile Safari (iOS).');
  });
});
