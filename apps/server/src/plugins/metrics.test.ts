import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../lib/metrics.ts';
import { onboardMember } from '../test/factories.ts';
import { call, createTestApp, type TestApp } from '../test/test-app.ts';
import { serveMetricsLocally } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('issue 19: /metrics on the main port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it('metrics rule: refused without the token or with a wrong one (401, the error body)', async () => {
    const none = await call(t, 'GET', '/metrics');
    expect(none.status).toBe(401);
    expect(none.json).toMatchObject({ code: 'unauthenticated' });
    const wrong = await call(t, 'GET', '/metrics', { token: `${TOKEN}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain('nodejs_');
  });

  it('metrics rule: no member id, address, name, token or text anywhere after a journey (register, befriend, chat)', async () => {
    const answers = { loss_kind: ['partner'], languages: ['de'], region: ['de_berlin'] };
    const a = await onboardMember(t, answers, { email: 'ronja.unique@example.org', nickname: 'Ronjaunique' });
    const b = await onboardMember(t, answers, { email: 'vitus.unique@example.org', nickname: 'Vitusunique' });
    await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} });
    await call(t, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: b.token, body: {} });
    const sent = await call(t, 'POST', `/api/chat/${b.id}/send`, {
      token: a.token,
      body: { message: 'Geheimnisvolle Nachricht über Verlust' },
    });
    expect(sent.status).toBe(200);
    await call(t, 'GET', `/api/chat/${a.id}/messages?limit=5`, { token: b.token });
    await call(t, 'GET', `/api/user/${b.id}/profile`, { token: a.token });
    await call(t, 'GET', '/api/does-not-exist/12345');
    await t.app.ctx.jobs.drain();

    const res = await call(t, 'GET', '/metrics', { token: TOKEN });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.text;
    for (const secret of [
      'ronja.unique',
      'vitus.unique',
      'example.org',
      'Ronjaunique',
      'Vitusunique',
      'Geheimnisvolle',
      a.token,
      b.token,
      '12345',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    // No number in any of our label values (route patterns, classes, job names, outcomes; `le` is a bucket).
    for (const line of text.split('\n').filter((l) => l.startsWith('trostnetz_'))) {
      const labels = /\{([^}]*)\}/.exec(line)?.[1] ?? '';
      expect(labels.replace(/le="[^"]*"/, ''), line).not.toMatch(/\d{2,}/);
    }
    // What the operator reads.
    expect(text).toMatch(
      /trostnetz_http_request_duration_seconds_count\{method="POST",route="\/api\/chat\/:partner\/send"\} 1/,
    );
    expect(text).toContain('route="unmatched"');
    expect(text).toMatch(/trostnetz_http_responses_total\{status_class="2xx"\} \d+/);
    expect(text).toMatch(/trostnetz_http_responses_total\{status_class="4xx"\} \d+/);
    expect(text).toContain('trostnetz_chat_messages_sent_total 1');
    expect(text).toMatch(/trostnetz_mails_total\{outcome="sent"\} [2-9]/);
    expect(text).toContain('# TYPE trostnetz_push_notifications_total counter');
    expect(text).toMatch(/trostnetz_realtime_connections 0/);
    expect(text).toMatch(/trostnetz_realtime_channels 0/);
    expect(text).toMatch(/trostnetz_job_queue_depth\{job="mail-send"\} 0/);
    expect(text).toContain('# TYPE trostnetz_job_failures_total counter');
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
    expect(text).toMatch(/nodejs_heap_size_used_bytes \d/);
  });
});

describe('issue 19: /metrics elsewhere', () => {
  it('metrics rule: without METRICS_TOKEN the main port does not serve /metrics at all', async () => {
    const t = await createTestApp();
    try {
      const res = await call(t, 'GET', '/metrics', { token: TOKEN });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('nodejs_');
    } finally {
      await t.close();
    }
  });

  it('METRICS_PORT serves /metrics on 127.0.0.1 only, and nothing else', async () => {
    const metrics = createMetrics();
    metrics.chatMessagesSent.inc();
    const server = await serveMetricsLocally(metrics, 0);
    try {
      const { address, port } = server.address() as AddressInfo;
      expect(address).toBe('127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('trostnetz_chat_messages_sent_total 1');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
