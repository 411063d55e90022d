import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, verifyMember } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const m = await registerMember(t);
  await verifyMember(t, m);
  token = m.token;
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
  });

describe('issue 9 item 19: API answers above 1 KB are compressed', () => {
  it.each([
    ['br', 'gzip, deflate, br', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ] as const)('%s for a large JSON answer (the questionnaire), the same JSON once decoded', async (encoding, accept, decode) => {
    const plain = await get('/api/onboarding/questionnaire');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const res = await get('/api/onboarding/questionnaire', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe(plain.headers['cache-control']);
    expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(JSON.parse(plain.body));
    expect(res.rawPayload.length).toBeLessThan(plain.body.length / 2);
  });

  it('a small answer (under 1 KB) stays plain', async () => {
    const res = await get('/api/config', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('only JSON: the API page’s scripts are not compressed per request', async () => {
    const res = await get('/api/docs/static/swagger-ui-bundle.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('never the realtime endpoints: /pusher/auth answers plain', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/pusher/auth',
      headers: {
        authorization: `Bearer ${token}`,
        'accept-encoding': 'br',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'socket_id=123.456&channel_name=private-user_1_chat_message',
    });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
