import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { openPage } from '../support/journey.ts';
import { onboardedMember } from '../support/members.ts';

/**
 * A fast first screen: the JavaScript a browser loads for the first screen (`/login`, and `/dashboard` for a
 * signed-in member) stays within the budget, gzip-compressed (level 9, as the build ships it). Measured as a
 * browser meets it: every script the page requests until the network is idle, read from the build in
 * apps/web/dist. A failure names the largest chunks.
 */
// The budget of the owner's choice of React 19 and React Router's data router (decision 028, which supersedes
// decisions 019 and 022 and their 120 KB on Preact and our own router): React alone is about 58 KB more, React
// Router 30 KB. The target is 160 KB on /login and 180 KB on /dashboard; React, the entry, the state chunk and
// React Router alone are 159.4 KB, so the target is not met yet (measured 179.5 and 199.2 KB). The budget holds
// what is reached, with a little room, so nothing grows unnoticed while the bytes are won back.
const LOGIN_BUDGET_KB = 185;
const DASHBOARD_BUDGET_KB = 205;
// Reached (gzip): /login 232 → 164.1 → 119.8 → 92.6 KB, /dashboard 241-259 → 192.4 → 183.7 → 166.3 → 112.6 KB
// on Preact and our own router, by bundling only the app shell's German texts, loading the form library when a
// friendship dialog opens, keeping zod and the contracts' schemas off the first screen (decision 020: /api/config
// is read without zod, the sign-in form fetches its resolver on first focus), fetching every dialog (Radix) when
// it is first opened (components/ui/dialog.tsx), loading only the home screen's German texts on /dashboard
// (HOME_NAMESPACES), leaving zod's JSON-Schema code out of the browser (build/zod-browser.ts) and trusting in the
// production build the answers the server has checked (decision 021). On React 19 (decision 028): the figures
// there.

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web');
const dist = path.join(web, 'dist');

/** What the build wrote beside the source maps: each chunk's modules (apps/web/build/delivery.ts). */
interface ChunkEntry {
  file: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
}
const chunkManifest = (): ChunkEntry[] => {
  const file = path.join(web, 'sourcemaps/chunks.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the web app first (npm run build)`);
  return JSON.parse(readFileSync(file, 'utf8')) as ChunkEntry[];
};

/** Console code: the /nova screens, their texts, and the libraries only they use. */
const CONSOLE_MODULE =
  /^(src\/features\/nova\/(?!routes\.ts$)|src\/locales\/(de|en)\/nova-console\.json$|node_modules\/(@tanstack\/(react-table|table-core)|qrcode)\/)/;
const consoleModulesIn = (chunks: ChunkEntry[], files: Iterable<string>) => {
  const found: string[] = [];
  for (const file of files) {
    const chunk = chunks.find((c) => c.file === file.replace(/^\//, ''));
    for (const m of chunk?.modules ?? []) if (CONSOLE_MODULE.test(m)) found.push(`${file}: ${m}`);
  }
  return found;
};

async function firstScreenScripts(page: Page, url: string) {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  return [...scripts].map((file) => ({
    file,
    kb: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024,
  }));
}

/** Decision 021: the scripts of zod and of the contracts' schemas (Vite names chunks `name-hash.js`). */
const schemaScripts = (scripts: { file: string }[]) =>
  scripts.map((s) => s.file).filter((file) => /\/assets\/(zod|contracts)-[\w-]{8}\.js$/.test(file));

function report(scripts: { file: string; kb: number }[], budget: number) {
  const total = scripts.reduce((sum, s) => sum + s.kb, 0);
  const largest = [...scripts]
    .sort((a, b) => b.kb - a.kb)
    .slice(0, 8)
    .map((s) => `${s.file} ${s.kb.toFixed(1)} KB`)
    .join(', ');
  return { total, text: `${total.toFixed(1)} KB gzip of JS (budget ${budget} KB); largest: ${largest}` };
}

test.describe('first-screen budget', () => {
  // The bytes a first screen loads do not depend on the width: measured once, at 1280 px.
  test.beforeEach(() => {
    test.skip(test.info().project.name !== 'desktop-1280', 'width-independent');
  });
  test(`budget rule: /login loads at most ${LOGIN_BUDGET_KB} KB of JavaScript (gzip)`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await openPage(browser, baseURL as string, 'de');
    const scripts = await firstScreenScripts(page, '/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { total, text } = report(scripts, LOGIN_BUDGET_KB);
    console.log(`/login (${test.info().project.name}): ${text}`);
    expect(schemaScripts(scripts), 'decision 020: a guest loads neither zod nor a schema').toEqual([]);
    expect(total, `/login: ${text}`).toBeLessThanOrEqual(LOGIN_BUDGET_KB);
    await context.close();
  });

  test(`budget rule: /dashboard of a signed-in member loads at most ${DASHBOARD_BUDGET_KB} KB of JavaScript (gzip)`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const member = await onboardedMember(request, `Budget${Date.now() % 100000}`);
    const { context, page } = await openPage(browser, baseURL as string, 'de', member);
    const scripts = await firstScreenScripts(page, '/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { total, text } = report(scripts, DASHBOARD_BUDGET_KB);
    console.log(`/dashboard (${test.info().project.name}): ${text}`);
    // The home screen's German texts, not every screen's (HOME_NAMESPACES).
    const texts = scripts
      .map((s) => /\/assets\/(locale-[a-z-]+)-[\w-]{8}\.js$/.exec(s.file)?.[1])
      .filter(Boolean);
    expect(texts).toEqual(['locale-de-home']);
    // The production build trusts the answers the server checked (decision 021, src/lib/answer.ts).
    expect(schemaScripts(scripts), 'decision 021: the member frame loads neither zod nor a schema').toEqual(
      [],
    );
    expect(total, `/dashboard: ${text}`).toBeLessThanOrEqual(DASHBOARD_BUDGET_KB);
    await context.close();
  });
});

test('first-paint rule: /login is HTML rendered at build time, its form there before any JavaScript runs and not sendable until the app runs', async ({
  browser,
  baseURL,
}) => {
  test.skip(test.info().project.name !== 'desktop-1280', 'width-independent');
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'de-DE' });
  const page = await noScript.newPage();
  await page.goto('/login');
  await expect(page.getByRole('textbox', { name: 'E-Mail' })).toBeVisible();
  await expect(page.getByLabel('Passwort', { exact: true })).toBeVisible();
  // Until the app runs it takes no input and cannot be sent (a plain form would put the password in the
  // address; words typed before would be cleared as the app takes the fields over).
  await expect(page.getByRole('textbox', { name: 'E-Mail' })).toBeDisabled();
  await expect(page.getByRole('main').getByRole('button', { name: 'Anmelden', exact: true })).toBeDisabled();
  await noScript.close();
});

test('best-practices rule: a signed-in /dashboard raises no Content-Security-Policy violation (zod runs jitless in the browser, src/lib/zod.ts); L9: nor its live socket, a dialog’s scroll lock or the offline page, without inline style', async ({
  browser,
  request,
  baseURL,
}) => {
  test.skip(test.info().project.name !== 'desktop-1280', 'width-independent');
  const member = await onboardedMember(request, `Csp${Date.now() % 100000}`);
  const { context, page } = await openPage(browser, baseURL as string, 'de', member);
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  // A string: the journeys are type-checked without the DOM's types.
  await page.addInitScript(
    "document.addEventListener('securitypolicyviolation', (e) => window.reportViolation([e.violatedDirective, e.blockedURI, e.sourceFile, e.lineNumber].join(' ')));",
  );
  // The live socket opens (connect-src names the app's own realtime host, no ws:/wss: wildcard).
  const connected = page
    .waitForEvent('websocket')
    .then((ws) =>
      ws.waitForEvent('framereceived', (frame) =>
        String(frame.payload).includes('pusher:connection_established'),
      ),
    );
  await page.goto('/dashboard');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await connected;
  // A dialog locks the page's scrolling with a constructed stylesheet, not a <style> element (style-src 'self').
  await page
    .getByRole('button', { name: /^(Hilfe in der Krise|Krisenhilfe)$/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Hilfe in der Krise' })).toBeVisible();
  await expect.poll(() => page.evaluate('getComputedStyle(document.body).overflow')).toBe('hidden');
  await page.keyboard.press('Escape');
  // The offline page takes its look from a stylesheet file (rgb(247, 243, 236) is its #f7f3ec).
  await page.goto('/offline.html');
  await expect(page.getByRole('heading', { name: 'Du bist gerade offline' })).toBeVisible();
  expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(247, 243, 236)');
  expect(violations).toEqual([]);
  await context.close();
});

test('layout rule: a signed-in /dashboard does not move under the reader while it loads (layout shift < 0.05 on a slow phone)', async ({
  browser,
  request,
  baseURL,
}) => {
  test.skip(
    test.info().project.name !== 'mobile-375',
    'sections stack on a phone, where they pushed each other',
  );
  // Others to suggest, so the sections have something to show.
  for (let i = 0; i < 3; i++) await onboardedMember(request, `Shift${i}x${Date.now() % 100000}`);
  const member = await onboardedMember(request, `Steady${Date.now() % 100000}`);
  const { context, page } = await openPage(browser, baseURL as string, 'de', member);
  // A slow phone: the sections' answers arrive one after another, after the first paint.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.addInitScript(() => {
    // Runs in the page; the journeys have no DOM typings.
    interface Shift {
      value: number;
      hadRecentInput: boolean;
    }
    const page = globalThis as unknown as {
      __shift: number;
      PerformanceObserver: new (
        cb: (list: { getEntries(): Shift[] }) => void,
      ) => { observe(o: { type: string; buffered: boolean }): void };
    };
    page.__shift = 0;
    new page.PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) page.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/dashboard');
  // Everything has arrived: the suggestions and the three group feeds; then two more frames, so the
  // last shift, if any, is reported.
  await expect(page.locator('[data-section="suggestions"][aria-busy="false"]')).toBeVisible();
  await expect(page.locator('[data-feed]')).toHaveCount(3);
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () =>
      new Promise((done) => {
        const frame = (globalThis as unknown as { requestAnimationFrame(cb: () => void): void })
          .requestAnimationFrame;
        frame(() => frame(() => done(null)));
      }),
  );
  const shift = await page.evaluate(() => (globalThis as unknown as { __shift: number }).__shift);
  expect(shift).toBeLessThan(0.05);
  await context.close();
});

/** The namespaces listed in `export const NAME = [...]` of locales/shell-namespaces.ts. */
const namespaceList = (name: string) =>
  new Set(
    new RegExp(`${name} = \\[([^\\]]*)\\]`)
      .exec(readFileSync(path.join(web, 'src/locales/shell-namespaces.ts'), 'utf8'))![1]!
      .match(/[\w-]+/g),
  );

/**
 * The text namespaces the app's modules in these chunks read: `useTranslation(...)`, and every string literal
 * `'ns:key'` whose `ns` is one of the app's namespaces (other prefixes, such as Pusher's event names, are not
 * texts). The features' routes.ts files are left out: they name every screen's title, and only the shown
 * screen's title is read (app/page-behaviour.ts).
 */
function namespacesUsed(chunks: ChunkEntry[], files: Iterable<string>) {
  const namespaces = new Set(
    readdirSync(path.join(web, 'src/locales/de')).map((f) => f.replace(/\.json$/, '')),
  );
  const used = new Map<string, string>();
  for (const file of files)
    for (const m of chunks.find((c) => c.file === file)?.modules ?? []) {
      if (!/^src\/.*\.tsx?$/.test(m) || /^src\/features\/[\w-]+\/routes\.ts$/.test(m)) continue;
      const source = readFileSync(path.join(web, m), 'utf8');
      for (const call of source.matchAll(/useTranslation\(([^)]*)\)/g))
        for (const ns of call[1]!.matchAll(/'([\w-]+)'/g)) used.set(ns[1]!, m);
      for (const key of source.matchAll(/'([\w-]+):[\w.-]+'/g))
        if (namespaces.has(key[1]!)) used.set(key[1]!, m);
    }
  return used;
}

test("rule: the sign-in screens use the app shell's texts alone, which a first visit loads (issue 13, lib/i18n.ts)", () => {
  test.skip(test.info().project.name !== 'desktop-1280', 'a check of the build, not of a width');
  const chunks = chunkManifest();
  const shell = namespaceList('SHELL_NAMESPACES');
  expect(shell.has('auth')).toBe(true);
  // The sign-in screens' chunks and every chunk they import, but the entry (the frame, whose member parts
  // only show once all texts are there) and libraries.
  const entry = new Set(chunks.filter((c) => c.isEntry).map((c) => c.file));
  const signIn =
    /^src\/(features\/auth\/components\/(login|register|forgot-password|reset-password|verification)-screen\.tsx|app\/not-found-screen\.tsx)$/;
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || entry.has(file)) return;
    seen.add(file);
    for (const next of chunks.find((c) => c.file === file)?.imports ?? []) visit(next);
  };
  for (const c of chunks) if (c.modules.some((m) => signIn.test(m))) visit(c.file);
  const used = namespacesUsed(chunks, seen);
  expect(used.size).toBeGreaterThan(0);
  expect([...used].filter(([ns]) => !shell.has(ns)).map(([ns, m]) => `${ns} in ${m}`)).toEqual([]);
});

test("rule: the home screen and the member's frame use the shell's texts and the home texts alone, which /dashboard loads (issue 13, HOME_NAMESPACES)", () => {
  test.skip(test.info().project.name !== 'desktop-1280', 'a check of the build, not of a width');
  const chunks = chunkManifest();
  const allowed = new Set([...namespaceList('SHELL_NAMESPACES'), ...namespaceList('HOME_NAMESPACES')]);
  expect(allowed.has('dashboard')).toBe(true);
  // The entry (the frame), the dashboard's chunk, what they import, and what they fetch later without a
  // change of screen (a dialog, the account menu): every chunk but other screens, layouts and texts.
  const screen =
    /^src\/(features\/[\w-]+\/components\/([\w-]+\/)*[\w-]+-(screen|layout)\.tsx|app\/not-found-screen\.tsx)$/;
  const dashboard = 'src/features/dashboard/components/dashboard-screen.tsx';
  const seen = new Set<string>();
  const visit = (file: string) => {
    const chunk = chunks.find((c) => c.file === file);
    if (seen.has(file) || !chunk || /locale-/.test(file)) return;
    if (chunk.modules.some((m) => screen.test(m) && m !== dashboard)) return;
    seen.add(file);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  for (const c of chunks) if (c.isEntry || c.modules.includes(dashboard)) visit(c.file);
  expect(seen.size).toBeGreaterThan(3);
  const used = namespacesUsed(chunks, seen);
  expect(used.has('dashboard')).toBe(true);
  expect([...used].filter(([ns]) => !allowed.has(ns)).map(([ns, m]) => `${ns} in ${m}`)).toEqual([]);
});

test("rule: the browser's zod leaves out its JSON-Schema code, which only the server uses (issue 13, build/zod-browser.ts)", () => {
  test.skip(test.info().project.name !== 'desktop-1280', 'a check of the build, not of a width');
  const zod = chunkManifest().filter((c) =>
    c.modules.some((m) => m.endsWith('node_modules/zod/v4/core/to-json-schema.js')),
  );
  expect(zod.length).toBe(1);
  const code = readFileSync(path.join(dist, zod[0]!.file), 'utf8');
  // Every JSON Schema zod writes names its draft; the replacement only says it is not there.
  expect(code).not.toContain('draft-2020-12');
  expect(code).toContain('JSON Schema is not part of the browser build');
});

test('decision 028: the browser runs React 19 and react-dom, and no chunk of the build holds Preact', () => {
  test.skip(test.info().project.name !== 'desktop-1280', 'a check of the build, not of a width');
  const modules = chunkManifest().flatMap((c) => c.modules);
  expect(modules.filter((m) => /node_modules\/(preact|@preact\/[\w-]+)\//.test(m))).toEqual([]);
  expect(modules).toContain('node_modules/react-dom/cjs/react-dom-client.production.js');
  expect(modules).toContain('node_modules/react/cjs/react.production.js');
});

test("decision 028: routing is React Router's data router (its production build), and our own router does not return", () => {
  test.skip(test.info().project.name !== 'desktop-1280', 'a check of the build, not of a width');
  const modules = chunkManifest().flatMap((c) => c.modules);
  expect(
    modules.filter((m) => m === 'src/lib/router.tsx' || /node_modules\/(history|regexparam)\//.test(m)),
  ).toEqual([]);
  expect(modules.some((m) => m.startsWith('node_modules/react-router/dist/production/'))).toBe(true);
  expect(modules.some((m) => m.startsWith('node_modules/react-router/dist/development/'))).toBe(false);
});

test.describe("issue 16: the members' bundle holds no console code", () => {
  test('rule: the entry chunk and everything it imports statically hold no console module (build manifest)', () => {
    test.skip(test.info().project.name !== 'desktop-1280', 'a check of the build, not of a width');
    const chunks = chunkManifest();
    const entries = chunks.filter((c) => c.isEntry);
    expect(entries.length).toBeGreaterThan(0);
    const loaded = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const next of chunks.find((c) => c.file === file)?.imports ?? []) visit(next);
    };
    for (const entry of entries) visit(entry.file);
    expect(consoleModulesIn(chunks, loaded)).toEqual([]);
    // The console is there, in chunks of its own that the entry only names for later.
    const consoleChunks = chunks.filter((c) => c.modules.some((m) => CONSOLE_MODULE.test(m)));
    expect(consoleChunks.length).toBeGreaterThan(0);
    expect(consoleChunks.filter((c) => loaded.has(c.file)).map((c) => c.file)).toEqual([]);
    // No chunk mixes console modules with a member feature's: a member screen never pulls console code.
    const memberFeature = /^src\/features\/(?!nova\/)/;
    const mixed = consoleChunks.filter((c) => c.modules.some((m) => memberFeature.test(m)));
    expect(mixed.map((c) => c.file)).toEqual([]);
  });

  test("rule: the scripts a member's browser loads for /login and /dashboard hold no console module", async ({
    browser,
    request,
    baseURL,
  }) => {
    const chunks = chunkManifest();
    const member = await onboardedMember(request, `Bundle${Date.now() % 100000}`);
    const { context, page } = await openPage(browser, baseURL as string, 'de');
    const atLogin = await firstScreenScripts(page, '/login');
    await context.close();
    const signedIn = await openPage(browser, baseURL as string, 'de', member);
    const atDashboard = await firstScreenScripts(signedIn.page, '/dashboard');
    await expect(signedIn.page.getByRole('heading', { level: 1 })).toBeVisible();
    await signedIn.context.close();
    const files = [...atLogin, ...atDashboard].map((s) => s.file);
    expect(files.length).toBeGreaterThan(0);
    expect(consoleModulesIn(chunks, files)).toEqual([]);
  });
});
