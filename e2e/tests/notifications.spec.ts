import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { openPage, runsIn } from '../support/journey.ts';
import { onboardedMember } from '../support/members.ts';

/** The visible texts of the notifications journey, per language. */
const ui = {
  de: {
    groups: 'Gruppen',
    bell: (n: number) => `Benachrichtigungen, ${n} neu`,
    title: 'Benachrichtigungen',
    request: (name: string) => `${name} möchte dein Trostpartner sein`,
    quiet: 'Ruhezeiten',
    emailOfRequests: 'Kontaktanfragen: E-Mail',
    offline: 'Du bist gerade offline',
  },
  en: {
    groups: 'Groups',
    bell: (n: number) => `Notifications, ${n} new`,
    title: 'Notifications',
    request: (name: string) => `${name} would like to be your support partner`,
    quiet: 'Quiet hours',
    emailOfRequests: 'Contact requests: E-mail',
    offline: 'You are offline right now',
  },
} as const;

// Lets context.route see the service worker's own requests (Chromium), for the offline step below.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

const SHOTS = process.env.NOTIFY_SHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

for (const lang of ['de', 'en'] as const) {
  test(`notifications journey (${lang}): the bell counts a friend request live on another screen, /notifications lists it and sets choices, the app installs and shows its offline page`, async ({
    browser,
    request,
    baseURL,
  }) => {
    runsIn(lang);
    const t = ui[lang];
    if (!baseURL) throw new Error('no baseURL');
    const suffix = Date.now().toString().slice(-5);
    const answers = { loss_kind: ['friend'], region: ['de_sachsen'] };
    const a = await onboardedMember(request, lang === 'de' ? `Alma${suffix}` : `Avery${suffix}`, answers);
    const b = await onboardedMember(request, lang === 'de' ? `Jonas${suffix}` : `Jamie${suffix}`, answers);

    // A is on the groups screen when B's request arrives: the bell counts it without a reload.
    const { page, context } = await openPage(browser, baseURL, lang, a);
    await page.goto('/groups');
    await expect(page.getByRole('heading', { level: 1, name: t.groups })).toBeVisible();
    const sent = await request.post(`/api/user/friend/request/send/${a.id}`, {
      data: { message: 'Ich würde gern mit dir reden.' },
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(sent.status()).toBe(200);
    const bell = page.getByRole('link', { name: t.bell(1) });
    await expect(bell).toBeVisible();
    await shot(page, `bell-${lang}`);

    // The bell opens the list: who asked, leading to the request; seen, it counts as read.
    await bell.click();
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    const entry = page.getByRole('link', { name: new RegExp(t.request(b.nickname)) });
    await expect(entry).toHaveAttribute('href', `/friend-request/${b.id}`);
    await expect(page.getByRole('link', { name: t.bell(1) })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: t.quiet })).toBeVisible();
    // A choice is saved at once and comes back from the server.
    const email = page.getByRole('checkbox', { name: t.emailOfRequests });
    await expect(email).toBeChecked();
    await email.uncheck();
    await expect(email).not.toBeChecked();
    await expect
      .poll(async () => {
        const res = await request.get('/api/user/notifications', {
          headers: { authorization: `Bearer ${a.token}` },
        });
        return (await res.json()).choices.friend_request.email;
      })
      .toBe(false);
    await expectNoAxeViolations(page, `notifications ${lang}`);
    await shot(page, `notifications-${lang}`);

    // Installable: the manifest is linked and complete, the service worker is accepted.
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await request.get(href ?? '')).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/dashboard' });
    expect(manifest.icons.map((i: { purpose: string; sizes: string }) => `${i.purpose} ${i.sizes}`)).toEqual(
      expect.arrayContaining(['any 192x192', 'any 512x512', 'maskable 512x512']),
    );
    for (const icon of manifest.icons as { src: string }[]) {
      expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
    }
    const scope = await page.evaluate(async () => {
      const nav = (
        globalThis as unknown as {
          navigator: { serviceWorker: { ready: Promise<{ scope: string; active: unknown }> } };
        }
      ).navigator;
      const reg = await nav.serviceWorker.ready;
      return reg.active ? reg.scope : null;
    });
    expect(scope).toBe(`${baseURL}/`);

    // Without a network the app shows its own offline page, not the browser's error.
    await page.reload();
    await context.setOffline(true);
    // Chromium's offline mode leaves the service worker's own fetches alone: they fail here too.
    await context.route(
      (url) => url.pathname === '/dashboard',
      (route) => route.abort('internetdisconnected'),
    );
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: t.offline })).toBeVisible();
    await shot(page, `offline-${lang}`);
    await context.setOffline(false);
    await context.close();
  });
}
