import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/test-app.ts';

const INDEX = '<!doctype html><html lang="de"><body><div id="app"></div></body></html>';
/** A guest page rendered at build time (apps/web/build/prerender.mjs). */
const REGISTER =
  '<!doctype html><html lang="de"><body><div id="app" data-prerendered="/register"><form></form></div></body></html>';
/** A built chunk as Vite leaves it with precompression: plain, .br and .gz beside each other. */
const CHUNK = `export const partners = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `Trostpartner ${i}`))};`;
let t: TestApp;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'trostnetz-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'assets', 'chunk-def456.js'), CHUNK);
  writeFileSync(path.join(dist, 'assets', 'chunk-def456.js.br'), brotliCompressSync(CHUNK));
  writeFileSync(path.join(dist, 'assets', 'chunk-def456.js.gz'), gzipSync(CHUNK));
  // Built without precompressed siblings (e.g. an older build), and a stray source map.
  writeFileSync(path.join(dist, 'assets', 'plain-789.js'), CHUNK);
  writeFileSync(path.join(dist, 'assets', 'chunk-def456.js.map'), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(path.join(path.dirname(dist), 'outside.txt'), 'not for the web');
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(path.join(dist, 'prerendered', 'register.html'), REGISTER);
  writeFileSync(path.join(dist, 'prerendered', 'register.html.br'), brotliCompressSync(REGISTER));
  t = await createTestApp({}, { WEB_DIST: dist });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('the web app on the same port (DESIGN: one port)', () => {
  it('SPEC §2 home: GET / is the web app, never cached', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('every client-side route (SPEC §2) gets index.html', async () => {
    for (const url of ['/login', '/chat/12', '/profile/3', '/email/verify/1/abc?expires=1&signature=x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('a guest page rendered at build time is the answer for its path (precompressed too, never cached); other routes keep index.html', async () => {
    const page = await get('/register');
    expect([page.statusCode, page.body, page.headers['cache-control']]).toEqual([200, REGISTER, 'no-cache']);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const br = await t.app.inject({ method: 'GET', url: '/register', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(REGISTER);
    for (const url of ['/register/x', '/registers', '/Register', '/register.html', '/prerendered/register']) {
      const other = await get(url);
      expect([other.statusCode, other.body], url).toEqual([200, INDEX]);
    }
  });

  it('built files are served; hashed assets are cached for a year', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('a missing asset is a 404, not HTML in place of JavaScript', async () => {
    const res = await get('/assets/index-gone.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<html');
  });

  it('API paths never fall back to the web app; nothing outside the build is reachable', async () => {
    const api = await call(t, 'GET', '/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.json.code).toBe('not_found');
    for (const url of ['/../outside.txt', '/%2e%2e/outside.txt', '/assets/..%2f..%2foutside.txt']) {
      const res = await get(url);
      expect(res.body, url).not.toContain('not for the web');
    }
  });

  it('issue 9 item 5: a percent-encoded API or asset path is judged by its decoded path, never the web app', async () => {
    for (const url of ['/%61pi/nothing-here', '/%70usher/nothing', '/%61ssets/index-gone.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<html');
    }
  });

  it('only GET gets the web app', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/chat', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
  });
});

const asset = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('issue 9 item 19: built assets are served precompressed', () => {
  it.each([
    ['br', 'gzip, deflate, br', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ] as const)('%s when the browser accepts it, with the right headers', async (encoding, accept, decode) => {
    const res = await asset('/assets/chunk-def456.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(decode(res.rawPayload).toString()).toBe(CHUNK);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('the plain file for a browser that accepts neither', async () => {
    const res = await asset('/assets/chunk-def456.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(CHUNK);
  });

  it('client-side routes get the precompressed index.html too, never cached', async () => {
    const res = await asset('/chat/12', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it('a file without precompressed siblings is sent as it is, never compressed per request', async () => {
    const res = await asset('/assets/plain-789.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(CHUNK);
  });
});

describe('issue 9 item 20: source maps are never served', () => {
  it('a .map left in the public folder is a 404, in any encoding', async () => {
    for (const accept of [undefined, 'br', 'gzip']) {
      const res = await asset('/assets/chunk-def456.js.map', accept);
      expect(res.statusCode, accept).toBe(404);
      expect(res.body, accept).not.toContain('secret.ts');
    }
  });
});
