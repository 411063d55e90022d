import https from 'node:https';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/notifications.ts';
import { registerMember, verifyMember } from '../../test/factories.ts';
import { browserKeys, pushService } from '../../test/push-service.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';
import { notify } from './notifier.ts';
import {
  isAllowedEndpoint,
  isPublicAddress,
  PUSH_TIMEOUT_MS,
  publicOnlyAgent,
  type Resolve,
} from './push-endpoint.ts';

/** The push endpoint rule, as production has it: no loopback either (the stand-in service listens there). */
let t: TestApp;
let service: Awaited<ReturnType<typeof pushService>>;
beforeAll(async () => {
  t = await createTestApp({ pushLoopbackAllowed: false });
  service = await pushService();
});
afterAll(async () => {
  await service.close();
  await t.close();
});

describe('push endpoints: the server connects only to public https push services', () => {
  it('push endpoint rule: public unicast addresses only, never loopback, private, link-local, CGNAT, multicast, unspecified or mapped loopback', () => {
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-address',
    ];
    for (const a of refused) expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['8.8.8.8', '172.32.0.1', '93.184.215.14', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(a), a).toBe(true);
    }
    // Only the tests' stand-in may be on loopback, and nothing else becomes allowed with it.
    expect(isPublicAddress('127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('10.1.2.3', true)).toBe(false);
    expect(PUSH_TIMEOUT_MS).toBe(5_000);
  });

  it('push endpoint rule: a browser subscribing with a loopback, private, link-local or plain-http endpoint is refused (422 on endpoint); a public https one is kept', async () => {
    const m = await registerMember(t);
    await verifyMember(t, m);
    const subscribe = (endpoint: string) =>
      call(t, 'POST', '/api/push/subscriptions', {
        token: m.token,
        body: { endpoint, keys: browserKeys().keys },
      });
    for (const endpoint of [
      service.url,
      'https://localhost/push/1',
      'https://[::1]/push/1',
      'https://10.0.0.5/push/1',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:7f00:1]/push/1',
      'https://user:pw@93.184.215.14/push/1',
      'http://93.184.215.14/push/1',
      'https://no-such-host.invalid/push/1',
    ]) {
      const res = await subscribe(endpoint);
      expect(res.status, endpoint).toBe(422);
      expect(Object.keys(res.json.errors as object), endpoint).toEqual(['endpoint']);
    }
    expect((await subscribe('https://93.184.215.14/push/abc')).status).toBe(204);
    const stored = await t.app.ctx.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, m.id));
    expect(stored).toEqual([{ endpoint: 'https://93.184.215.14/push/abc' }]);
  });

  it('push endpoint rule: an endpoint that is no longer public at send time (stored before, or its name moved) gets no connection and is forgotten', async () => {
    const m = await registerMember(t);
    await verifyMember(t, m);
    await call(t, 'PUT', '/api/user/notifications', {
      token: m.token,
      body: { quiet_hours: { start: 3, end: 3 } },
    });
    const keys = browserKeys();
    await t.app.ctx.db
      .insert(pushSubscriptions)
      .values({ userId: m.id, endpoint: service.url, p256dh: keys.keys.p256dh, auth: keys.keys.auth });
    const before = service.received.length;
    await notify(t.app.ctx, m.id, 'friend_request', { actorId: null });
    await t.app.ctx.jobs.drain();
    expect(service.received.length).toBe(before);
    expect(
      await t.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.id)),
    ).toEqual([]);
  });

  it('push endpoint rule: every connection resolves its name itself, so a name that points at loopback by then (DNS rebinding) is refused before connecting', async () => {
    const port = new URL(service.url).port;
    const before = service.received.length;
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => {
      const req = https.request(
        { hostname: 'localhost', port, path: '/push/rebound', method: 'POST', agent: publicOnlyAgent(false) },
        () => resolve(new Error('connected') as NodeJS.ErrnoException),
      );
      req.on('error', (e) => resolve(e as NodeJS.ErrnoException));
      req.end();
    });
    expect(error.code).toBe('ENOTPUBLIC');
    expect(service.received.length).toBe(before);
  });

  it('push endpoint rule: a name is allowed only when every address it resolves to is public; a literal address is never looked up', async () => {
    const names: Record<string, string[]> = {
      'push.example.org': ['93.184.215.14', '2001:4860:4860::8888'],
      'split.example.org': ['93.184.215.14', '10.0.0.1'],
      'empty.example.org': [],
    };
    const resolve: Resolve = async (host) => {
      const list = names[host];
      if (!list) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    const allowed = (endpoint: string, loopback = false) => isAllowedEndpoint(endpoint, loopback, resolve);
    expect(await allowed('https://push.example.org/send/1')).toBe(true);
    expect(await allowed('https://split.example.org/send/1')).toBe(false);
    expect(await allowed('https://empty.example.org/send/1')).toBe(false);
    expect(await allowed('https://unknown.example.org/send/1')).toBe(false);
    expect(await allowed('http://push.example.org/send/1')).toBe(false);
    expect(await allowed('https://someone@push.example.org/send/1')).toBe(false);
    expect(await allowed('https://:secret@push.example.org/send/1')).toBe(false);
    expect(await allowed('not a url')).toBe(false);
    const never: Resolve = async () => {
      throw new Error('a literal address is not looked up');
    };
    expect(await isAllowedEndpoint('https://93.184.215.14/send/1', false, never)).toBe(true);
    expect(await isAllowedEndpoint('https://[2001:4860:4860::8888]/send/1', false, never)).toBe(true);
    expect(await isAllowedEndpoint('https://[::1]/send/1', false, never)).toBe(false);
    expect(await isAllowedEndpoint('https://127.0.0.1/send/1')).toBe(false);
    expect(await isAllowedEndpoint('https://127.0.0.1/send/1', true)).toBe(true);
  });

  it('push endpoint rule: the agent’s own lookup answers with public addresses only, one or all as the connection asks', async () => {
    const resolve: Resolve = async (host) =>
      host === 'push.example.org'
        ? [
            { address: '93.184.215.14', family: 4 },
            { address: '2001:4860:4860::8888', family: 6 },
          ]
        : host === 'inner.example.org'
          ? [{ address: '192.168.0.7', family: 4 }]
          : Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
    const agent = publicOnlyAgent(false, resolve) as unknown as {
      options: {
        timeout: number;
        lookup: (
          host: string,
          options: { all?: boolean },
          cb: (err: NodeJS.ErrnoException | null, address: unknown, family?: number) => void,
        ) => void;
      };
    };
    expect(agent.options.timeout).toBe(PUSH_TIMEOUT_MS);
    const ask = (host: string, all: boolean) =>
      new Promise<{ err: NodeJS.ErrnoException | null; address: unknown; family?: number }>((done) =>
        agent.options.lookup(host, { all }, (err, address, family) => done({ err, address, family })),
      );
    expect(await ask('push.example.org', false)).toEqual({ err: null, address: '93.184.215.14', family: 4 });
    expect((await ask('push.example.org', true)).address).toEqual([
      { address: '93.184.215.14', family: 4 },
      { address: '2001:4860:4860::8888', family: 6 },
    ]);
    const inner = await ask('inner.example.org', true);
    expect(inner.err?.code).toBe('ENOTPUBLIC');
    expect(inner.address).toBe('');
    const unknown = await ask('unknown.example.org', false);
    expect(unknown.err?.code).toBe('ENOTFOUND');
    expect(unknown.address).toBe('');
  });
});
