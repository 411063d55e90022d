import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { dataDir, openPage, runsIn } from '../support/journey.ts';
import { onboardedMember } from '../support/members.ts';
import { extractLink, pathOf, readOutbox } from '../support/outbox.ts';

/** The visible texts of the notifications journey, per language. */
const ui = {
  de: {
    groups: 'Gruppen',
    bell: (n: number) => `Benachrichtigungen, ${n} neu`,
    title: 'Benachrichtigungen',
    request: (name: string) => `${name} möchte dein Trostpartner sein`,
    quiet: 'Ruhezeiten',
    emailOfRequests: 'Kontaktanfragen: E-Mail',
    security: 'Sicherheit meines Kontos',
    alwaysByMail: 'Immer per E-Mail',
    offline: 'Du bist gerade offline',
    newMessages: 'Neue Nachrichten von',
    newMessagesText: (name: string) => `Du hast neue Nachrichten von ${name}.`,
    unsubscribe: 'Diese E-Mails abbestellen',
    unsubscribeTitle: 'E-Mails abbestellen',
    unsubscribed: /Du bekommst diese E-Mails nicht mehr/,
    toSettings: 'Zu deinen Benachrichtigungen',
  },
  en: {
    groups: 'Groups',
    bell: (n: number) => `Notifications, ${n} new`,
    title: 'Notifications',
    request: (name: string) => `${name} would like to be your support partner`,
    quiet: 'Quiet hours',
    emailOfRequests: 'Contact requests: E-mail',
    security: "My account's security",
    alwaysByMail: 'Always by e-mail',
    offline: 'You are offline right now',
    newMessages: 'New messages from',
    newMessagesText: (name: string) => `You have new messages from ${name}.`,
    unsubscribe: 'Unsubscribe from these e-mails',
    unsubscribeTitle: 'Unsubscribe from e-mails',
    unsubscribed: /you will no longer receive these e-mails/,
    toSettings: 'To your notifications',
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
  test(`notifications journey (${lang}): the bell counts a friend request live on another screen, /notifications lists it and sets choices, the app installs and shows its offline page; offline, the member gets one mail without the text`, async ({
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
    // Security notices are always on, by mail: shown, with nothing to switch.
    const security = page.getByRole('row', { name: new RegExp(`^${t.security}`) });
    await expect(security.getByRole('cell')).toHaveText(t.alwaysByMail);
    await expect(security.getByRole('checkbox')).toHaveCount(0);
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

    // A is offline now (the app closed). A accepts B's request on another device, with no quiet hours so
    // the journey runs at any hour; B writes twice. After CHAT_MAIL_DELAY_SECONDS (1 s here, see
    // playwright.config.ts) exactly one mail reaches A: it names B, never what B wrote.
    const asA = { authorization: `Bearer ${a.token}` };
    expect(
      (await request.post(`/api/user/friend/request/accept/${b.id}`, { data: {}, headers: asA })).status(),
    ).toBe(200);
    expect(
      (
        await request.put('/api/user/notifications', {
          data: { quiet_hours: { start: 0, end: 0 } },
          headers: asA,
        })
      ).status(),
    ).toBe(200);
    for (const message of ['Heute wäre Mamas Geburtstag gewesen.', 'Ich vermisse sie so sehr.']) {
      const written = await request.post(`/api/chat/${a.id}/send`, {
        data: { message },
        headers: { authorization: `Bearer ${b.token}` },
      });
      expect(written.status()).toBe(200);
    }
    // The member's account is in the journey's language (openPage set it): so is the mail.
    const chatMails = () =>
      readOutbox(dataDir()).filter((m) => m.to.includes(a.email) && m.subject.includes(t.newMessages));
    await expect.poll(() => chatMails().length, { timeout: 15_000 }).toBe(1);
    // One worker round later (the second message's check has run too) it is still the only one.
    await new Promise((r) => setTimeout(r, 2500));
    const mails = chatMails();
    expect(mails.map((m) => m.subject)).toEqual([`Trostnetz: ${t.newMessages} ${b.nickname}`]);
    expect(mails[0]!.text).toContain(t.newMessagesText(b.nickname));
    for (const part of [mails[0]!.text, mails[0]!.html]) {
      expect(part).not.toMatch(/Geburtstag|vermisse/);
    }

    // The mail's unsubscribe link, opened in a browser of the other language, ends on a page in the
    // account's language, with the way back.
    const unsubscribe = extractLink(
      mails[0]!,
      /https?:\/\/[^\s"'<>]+\/api\/notifications\/unsubscribe\?[^\s"'<>]+/,
    );
    expect(unsubscribe).toBeTruthy();
    const mailPage = await openPage(browser, baseURL, lang, undefined, {
      locale: lang === 'de' ? 'en-GB' : 'de-DE',
    });
    await mailPage.page.goto(pathOf(unsubscribe!));
    await mailPage.page.getByRole('button', { name: t.unsubscribe }).click();
    await expect(mailPage.page.getByRole('heading', { level: 1, name: t.unsubscribeTitle })).toBeVisible();
    await expect(mailPage.page.getByText(t.unsubscribed)).toBeVisible();
    await expect(mailPage.page.locator('html')).toHaveAttribute('lang', lang);
    await expect(mailPage.page.getByRole('link', { name: t.toSettings })).toHaveAttribute(
      'href',
      /\/notifications$/,
    );
    await mailPage.page.screenshot({ path: test.info().outputPath(`unsubscribed-${lang}.png`) });
    await mailPage.context.close();
    const after = await request.get('/api/user/notifications', { headers: asA });
    expect((await after.json()).choices.chat_message.email).toBe(false);
  });
}
