import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { registerMember } from '../test/factories.ts';
import { call, createTestApp, type TestApp } from '../test/test-app.ts';
import { realtimeSocketOrigins } from './security.ts';

let t: TestApp;
/** The test app's own origin as a WebSocket origin (its realtime server is embedded). */
const ownSocket = () => `ws://${new URL(t.config.appUrl).host}`;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('/health and /ready answer 200 when the database answers', async () => {
    expect((await call(t, 'GET', '/health')).json).toEqual({ status: 'ok' });
    expect((await call(t, 'GET', '/ready')).status).toBe(200);
  });

  it('security headers: strict CSP without inline script, HSTS, nosniff, frame-ancestors none', async () => {
    const res = await call(t, 'GET', '/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('L9 CSP: no inline style (no unsafe-inline anywhere), WebSockets only to the app’s own realtime host (no ws:/wss: wildcard)', async () => {
    const csp = String((await call(t, 'GET', '/health')).headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values];
      }),
    );
    expect(csp).not.toContain('unsafe-inline');
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'", ownSocket()]);
    expect(directives.get('connect-src')).not.toContain('ws:');
    expect(directives.get('connect-src')).not.toContain('wss:');
    // The host the web app connects to, by configuration: its own origin, or PUSHER_HOST (and port).
    const realtime = t.config.realtime;
    expect(realtimeSocketOrigins({ appUrl: 'https://trost.example', realtime })).toEqual([
      'wss://trost.example',
    ]);
    expect(realtimeSocketOrigins({ appUrl: 'http://localhost:3000', realtime })).toEqual([
      'ws://localhost:3000',
    ]);
    const at = (host: string, port: number | null, scheme: 'http' | 'https' | null) =>
      realtimeSocketOrigins({
        appUrl: 'https://trost.example',
        realtime: { ...realtime, host, port, scheme },
      });
    expect(at('ws.example', 6001, 'https')).toEqual(['wss://ws.example:6001']);
    expect(at('ws.example', null, 'http')).toEqual(['ws://ws.example']);
    expect(at('ws.example', 443, null)).toEqual(['wss://ws.example:443', 'ws://ws.example:443']);
  });

  it('security headers: every answer, a refusal too, carries the full set helmet makes for our options (worked out once, issue 18)', async () => {
    const expected = {
      'content-security-policy': `default-src 'self';base-uri 'self';font-src 'self';form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self';connect-src 'self' ${ownSocket()}`,
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/health', '/api/nothing-here', '/api/profile/init']) {
      const res = await call(t, 'GET', url);
      expect(res.headers, url).toMatchObject(expected);
    }
  });

  it('issue 9 item 5: personal data is no-store by the routed path, also when the path is percent-encoded', async () => {
    const m = await registerMember(t);
    for (const url of ['/api/profile/init', '/%61pi/profile/init', '/api/%70rofile/init']) {
      const res = await call(t, 'GET', url, { token: m.token });
      expect(res.status, url).toBe(200);
      expect(res.json.id, url).toBe(m.id);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const auth = await t.app.inject({
      method: 'POST',
      url: '/%70usher/auth',
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `socket_id=1.1&channel_name=private-user_${m.id}_chat_message`,
    });
    expect(auth.statusCode).toBe(200);
    expect(auth.headers['cache-control']).toBe('no-store');
  });

  it('OpenAPI page at /api/docs documents the API', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const doc = await call(t, 'GET', '/api/docs/json');
    const paths = Object.keys(doc.json.paths as object);
    expect(paths).toEqual(expect.arrayContaining(['/api/register', '/api/auth/tokens', '/api/profile/init']));
  });

  it('an unknown API path is a JSON 404 in the request language', async () => {
    const de = await call(t, 'GET', '/api/nothing-here');
    expect(de.status).toBe(404);
    expect(de.json).toEqual({ message: 'Nicht gefunden.', code: 'not_found' });
    expect((await call(t, 'GET', '/api/nothing-here', { locale: 'en' })).json.message).toBe('Not found.');
  });

  it('GET /api/config gives the browser what it needs to connect', async () => {
    const res = await call(t, 'GET', '/api/config');
    expect(res.json).toMatchObject({
      app_name: 'Trostnetz',
      onboarding_url: '/onboarding',
      pusher: { key: 'testkey0123456789abc', cluster: 'eu' },
      analytics: null,
    });
  });

  it('SPEC §7 statistics: without ANALYTICS_URL there is no tracking endpoint and the CSP allows none', async () => {
    const res = await call(t, 'GET', '/api/config');
    expect(res.json.analytics).toBeNull();
    expect(String(res.headers['content-security-policy'])).toMatch(
      new RegExp(`connect-src 'self' ${ownSocket()}(;|$)`),
    );
  });

  it('SPEC §7/§9 statistics: ANALYTICS_URL gives the browser the Matomo endpoint with site id 4, allowed by the CSP', async () => {
    const withStats = await createTestApp({}, { ANALYTICS_URL: 'https://stats.example.org/matomo' });
    try {
      const res = await call(withStats, 'GET', '/api/config');
      expect(res.json.analytics).toEqual({ url: 'https://stats.example.org/matomo/', site_id: 4 });
      const connectSrc = String(res.headers['content-security-policy'])
        .split(';')
        .find((d) => d.trim().startsWith('connect-src'));
      expect(connectSrc).toContain('https://stats.example.org');
    } finally {
      await withStats.close();
    }
  });

  it('REDIS_PREFIX defaults to "trostnetz"; one with spaces or other characters stops the start with a clear error', () => {
    expect(loadConfig({ DATA_DIR: t.config.dataDir }).redisPrefix).toBe('trostnetz');
    for (const bad of ['', 'two words', 'a*b', 'x'.repeat(65)]) {
      expect(() => loadConfig({ DATA_DIR: t.config.dataDir, REDIS_PREFIX: bad })).toThrow(/REDIS_PREFIX/);
    }
  });

  it('SPEC §7 statistics: an ANALYTICS_URL that is not an http(s) address stops the start with a clear error', () => {
    for (const bad of ['stats.example.org', 'javascript:alert(1)', 'ftp://stats.example.org/']) {
      expect(() => loadConfig({ DATA_DIR: t.config.dataDir, ANALYTICS_URL: bad })).toThrow(/ANALYTICS_URL/);
    }
  });
});

describe('DESIGN §8 rate limits', () => {
  it('login is limited: 429 with Retry-After once the limit is used up, nothing else changes', async () => {
    const limited = await createTestApp({
      rateLimits: { ...t.config.rateLimits, login: { max: 2, timeWindow: 60_000 } },
    });
    try {
      const m = await registerMember(limited);
      const attempt = () =>
        call(limited, 'POST', '/api/auth/tokens', {
          body: { username: m.email, password: 'wrong wrong wrong' },
        });
      expect((await attempt()).status).toBe(401);
      expect((await attempt()).status).toBe(401);
      const third = await attempt();
      expect(third.status).toBe(429);
      expect(third.json.code).toBe('rate_limited');
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('issue 9 item 7: per-member limits', () => {
  it('issue 9 item 7: verification resends are counted per member after authentication, not per address', async () => {
    const limited = await createTestApp({
      rateLimits: { ...t.config.rateLimits, verifyResend: { max: 2, timeWindow: 60_000 } },
    });
    try {
      const a = await registerMember(limited);
      const b = await registerMember(limited);
      const resend = (token?: string) => call(limited, 'POST', '/api/verify/resend', { token });
      for (let i = 0; i < 3; i++) expect((await resend()).status).toBe(401);
      expect((await resend(a.token)).status).toBe(200);
      expect((await resend(a.token)).status).toBe(200);
      const third = await resend(a.token);
      expect(third.status).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      // Same address, another member: an allowance of their own.
      expect((await resend(b.token)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('issue 9 item 7: RATE_LIMIT_FACTOR scales every limit, the per-member ones too', () => {
    const base = loadConfig({ DATA_DIR: t.config.dataDir }).rateLimits;
    const scaled = loadConfig({ DATA_DIR: t.config.dataDir, RATE_LIMIT_FACTOR: '3' }).rateLimits;
    expect(base.chatSend).toEqual({ max: 60, timeWindow: 60_000 });
    expect(base.friendAction).toEqual({ max: 60, timeWindow: 3_600_000 });
    expect(base.report).toEqual({ max: 20, timeWindow: 3_600_000 });
    for (const [name, rule] of Object.entries(base)) {
      expect(scaled[name as keyof typeof base]).toEqual({ ...rule, max: rule.max * 3 });
    }
  });
});

describe('issue 9 item 13: draining', () => {
  it('issue 9 item 13: from the moment draining starts, /ready and every new request answer 503 with Retry-After and Connection: close', async () => {
    const drained = await createTestApp();
    try {
      expect((await call(drained, 'GET', '/ready')).status).toBe(200);
      drained.app.draining.start();
      for (const url of ['/ready', '/health', '/api/config', '/api/profile/init']) {
        const res = await call(drained, 'GET', url, { locale: 'en' });
        expect({
          url,
          status: res.status,
          body: res.json,
          retry: res.headers['retry-after'],
          connection: res.headers.connection,
        }).toEqual({
          url,
          status: 503,
          body: { message: 'The service is unavailable right now.', code: 'unavailable' },
          retry: '5',
          connection: 'close',
        });
      }
    } finally {
      await drained.close();
    }
  });
});
