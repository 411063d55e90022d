import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { serverRoot } from './lib/paths.ts';

/** What `npm ci` installs: the lock file, and the root manifest's promises. */
const root = path.resolve(serverRoot, '../..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string }; hasInstallScript?: boolean }>;
};
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const nameOf = (where: string) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('issue 9 item 21: a fresh `npm ci` prints no warning a newcomer must interpret', () => {
  it('every locked package runs on the oldest Node the project accepts (no EBADENGINE)', () => {
    const oldest = semver.minVersion(manifest.engines.node)?.version ?? '';
    expect(oldest).toMatch(/^20\./);
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => p.engines?.node && !semver.satisfies(oldest, p.engines.node))
      .map(([where, p]) => `${nameOf(where)}@${p.version} wants node ${p.engines?.node}`);
    expect(refusing).toEqual([]);
  });

  it('exactly the packages with install scripts have them approved or denied (allowScripts)', () => {
    const withScripts = new Set(
      Object.entries(lock.packages)
        .filter(([where, p]) => p.hasInstallScript && where.includes('node_modules/'))
        .map(([where]) => nameOf(where)),
    );
    const decided = new Set(Object.keys(manifest.allowScripts ?? {}).map((k) => k.replace(/(?<=.)@.*$/, '')));
    expect([...decided].sort()).toEqual([...withScripts].sort());
  });
});

describe('issue 9 item 21: the pinned cookie@1 under light-my-request (app.inject) works on Node 20', () => {
  it('app.inject sends cookies as a Cookie header', async () => {
    const app = Fastify();
    app.get('/echo', async (request) => ({ cookie: request.headers.cookie ?? null }));
    const res = await app.inject({
      method: 'GET',
      url: '/echo',
      cookies: { prod_session: 'a b', lang: 'de' },
    });
    expect(res.json()).toEqual({ cookie: 'prod_session=a%20b; lang=de' });
    await app.close();
  });
});
