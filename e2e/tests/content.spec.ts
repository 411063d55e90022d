import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { ui as journeyUi, type Lang, openPage, runsIn, uniqueEmail } from '../support/journey.ts';
import { onboardedMember, PASSWORD } from '../support/members.ts';

/** Issue 15: content from the API, the FAQ, customer service; German on 375 px, English on 1280 px. */
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.artifacts', 'content');

const ui = {
  de: {
    faqTitle: 'Häufige Fragen',
    cancelQuestion: 'Wie kündige ich Premium?',
    search: 'Fragen durchsuchen',
    searchFor: 'vergessen',
    // The search field's own example, and another form of the word than the question's.
    example: 'kündigen',
    found: 'Ich habe mein Passwort vergessen.',
    notFound: 'Was ist Trostnetz?',
    results: '1 passende Antwort',
    topic: 'Worum geht es?',
    crisisTopic: 'Ich mache mir Sorgen um jemanden / Ich bin in einer Krise',
    questionTopic: 'Eine Frage',
    crisisNow: 'Du musst damit nicht warten',
    name: 'Dein Name',
    email: 'E-Mail Adresse für die Antwort',
    message: 'Deine Nachricht',
    submit: 'Nachricht senden',
    sent: 'Danke, deine Nachricht ist angekommen.',
    mine: 'Deine Anfragen',
    updated: /^Stand: \d{1,2}\. \p{L}+ \d{4}$/u,
    pages: {
      imprint: 'Impressum',
      privacy: 'Datenschutz',
      revocation: 'Widerrufsbelehrung',
      conditions: 'Nutzungsbedingungen',
      accessibility: 'Erklärung zur Barrierefreiheit',
    },
  },
  en: {
    faqTitle: 'Frequently asked questions',
    cancelQuestion: 'How do I cancel Premium?',
    search: 'Search the questions',
    searchFor: 'forgotten',
    example: 'cancelling',
    found: 'I have forgotten my password.',
    notFound: 'What is Trostnetz?',
    results: '1 matching answer',
    topic: 'What is it about?',
    crisisTopic: 'I am worried about someone / I am in crisis',
    questionTopic: 'A question',
    crisisNow: 'You do not have to wait with this',
    name: 'Your name',
    email: 'E-mail address for our answer',
    message: 'Your message',
    submit: 'Send message',
    sent: 'Thank you, your message has arrived.',
    mine: 'Your requests',
    updated: /^Last updated: \p{L}+ \d{1,2}, \d{4}$/u,
    pages: {
      imprint: 'Imprint',
      privacy: 'Privacy',
      revocation: 'Right of withdrawal',
      conditions: 'Terms of use',
      accessibility: 'Accessibility statement',
    },
  },
} as const;

const width = () => test.info().project.use.viewport?.width ?? 0;
async function shot(page: Page, name: string, lang: Lang) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${lang}-${width()}.png`), fullPage: true });
}

test.describe.configure({ timeout: 120_000 });

for (const lang of ['de', 'en'] as const) {
  const T = ui[lang];

  test(`issue 15 (${lang}): a guest lands on /faq#kuendigen, searches the FAQ and reaches customer service`, async ({
    browser,
    baseURL,
  }) => {
    runsIn(lang);
    const { context, page } = await openPage(browser, baseURL as string, lang);

    // The link opens the answer and scrolls to it.
    await page.goto('/faq#kuendigen');
    await expect(page.getByRole('heading', { level: 1, name: T.faqTitle })).toBeVisible();
    const answer = page.locator('details#kuendigen');
    await expect(answer).toHaveAttribute('open', '');
    await expect(answer.locator('summary')).toHaveText(T.cancelQuestion);
    await expect(answer).toBeInViewport();
    await expectNoAxeViolations(page, 'faq');
    await shot(page, 'faq-anchor', lang);

    // The search keeps only what matches.
    await page.getByLabel(T.search).fill(T.searchFor);
    await expect(page.getByText(T.results)).toBeVisible();
    await expect(page.getByText(T.found, { exact: true })).toBeVisible();
    await expect(page.getByText(T.notFound, { exact: true })).toHaveCount(0);
    await shot(page, 'faq-search', lang);
    // The FAQ search finds its own example: "kündigen" finds "Wie kündige ich Premium?".
    await page.getByLabel(T.search).fill(T.example);
    await expect(page.getByText(T.results)).toBeVisible();
    await expect(page.getByText(T.cancelQuestion, { exact: true })).toBeVisible();
    await shot(page, 'faq-search-example', lang);

    // The crisis topic shows crisis help at once, before anything is sent.
    await page.goto('/customer-service');
    // The form notes when it was first shown (not when the page loaded): on a busy machine it renders later.
    await expect(page.getByLabel(T.topic)).toBeVisible();
    const shownAt = Date.now();
    await expect(page.locator('[data-crisis-help]')).toHaveCount(0);
    await page.getByLabel(T.topic).selectOption({ label: T.crisisTopic });
    const help = page.locator('[data-crisis-help]');
    await expect(help.getByRole('heading', { name: T.crisisNow })).toBeVisible();
    await expect(help.getByRole('link', { name: /0800 111 0 111/ })).toHaveAttribute(
      'href',
      'tel:+498001110111',
    );
    await expectNoAxeViolations(page, 'customer service, crisis topic');
    await shot(page, 'customer-service-crisis', lang);

    // A request is sent and answered with its reference.
    await page.getByLabel(T.topic).selectOption({ label: T.questionTopic });
    await page.getByLabel(T.name).fill('Erika');
    await page.getByLabel(T.email).fill(uniqueEmail(`cs${lang}`));
    await page
      .getByLabel(T.message)
      .fill(lang === 'de' ? 'Wie kann ich mein Profilbild ändern?' : 'How can I change my profile picture?');
    // A person needs a few seconds for a form; the server refuses one sent in under 3 s.
    await page.waitForTimeout(Math.max(0, 3300 - (Date.now() - shownAt)));
    await page.getByRole('button', { name: T.submit }).click();
    const status = page.getByRole('status').filter({ hasText: T.sent });
    // A refusal (an alert or a field marked invalid) fails here with its words, not as a missing thank-you.
    const refused = page.locator('form [role="alert"], form [aria-invalid="true"]');
    await expect(status.or(refused).first()).toBeVisible({ timeout: 20_000 });
    await expect(refused, 'the form was refused').toHaveCount(0);
    await expect(status).toBeVisible();
    await expect(status).toContainText(/KS-[A-Z2-9]{4}-[A-Z2-9]{4}/);
    await expectNoAxeViolations(page, 'customer service, sent');
    await shot(page, 'customer-service-sent', lang);
    await context.close();
  });

  test(`issue 15 (${lang}): the legal pages come from the API and show the date of their version`, async ({
    browser,
    baseURL,
  }) => {
    runsIn(lang);
    const { context, page } = await openPage(browser, baseURL as string, lang);
    for (const [slug, title] of Object.entries(T.pages)) {
      await page.goto(`/${slug}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.locator('[data-updated]')).toHaveText(T.updated);
      if (slug === 'imprint' || slug === 'accessibility') {
        await expectNoAxeViolations(page, slug);
        await shot(page, slug, lang);
      }
    }
    await expect(page.locator('main')).toBeVisible();
    await context.close();
  });

  test(`issue 15 (${lang}): a signed-in member finds their e-mail filled in and their earlier requests`, async ({
    browser,
    baseURL,
    request,
  }) => {
    runsIn(lang);
    const member = await onboardedMember(request, `Cs${lang}${width()}`);
    const res = await request.post('/api/customer-service', {
      headers: { authorization: `Bearer ${member.token}` },
      data: {
        topic: 'premium',
        name: member.nickname,
        email: member.email,
        message: 'Ich möchte Premium kündigen.',
        rendered_at: Date.now() - 10_000,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { reference } = (await res.json()) as { reference: string };
    const { context, page } = await openPage(browser, baseURL as string, lang, member);
    // Signed in on a member screen first; the customer-service page is then opened anew, as after a reload.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/customer-service');
    await expect(page.getByLabel(T.email)).toHaveValue(member.email);
    const mine = page.getByRole('region', { name: T.mine });
    await expect(mine.getByText(reference)).toBeVisible();
    await expectNoAxeViolations(page, 'customer service, member');
    await shot(page, 'customer-service-member', lang);
    await context.close();
  });
}

/** Registers through the form of /register and answers what the browser sent as the registration. */
async function registerThroughForm(page: Page, lang: Lang, email: string) {
  const t = journeyUi[lang];
  await page.getByLabel(t.nickname).fill(`Attr${lang}`);
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(t.passwordRepeat).fill(PASSWORD);
  await page.getByRole('main').getByRole('checkbox').check();
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/register'));
  await page.getByRole('main').getByRole('button', { name: t.createAccount }).click();
  await expect(page).toHaveURL(/\/please-verify$/);
  return (await sent).postDataJSON() as { attribution?: Record<string, string> };
}

for (const lang of ['de', 'en'] as const) {
  test(`issue 15 (${lang}): the attribution cookie is written only with marketing consent and goes with the registration`, async ({
    browser,
    baseURL,
  }) => {
    runsIn(lang);
    const t = journeyUi[lang];
    const landing = '/register?utm_source=newsletter&utm_campaign=herbst&utm_medium=mail';
    for (const marketing of [false, true]) {
      const context = await browser.newContext({
        baseURL,
        viewport: test.info().project.use.viewport ?? null,
      });
      await context.addInitScript(
        ([locale]) => {
          const { localStorage } = globalThis as unknown as {
            localStorage: { setItem(k: string, v: string): void };
          };
          localStorage.setItem('trostnetz-locale', locale as string);
        },
        [lang],
      );
      const page = await context.newPage();
      await page.goto(landing);
      const banner = page.locator('[data-cookie-consent]');
      await expect(banner.getByRole('checkbox', { name: /^Marketing/ })).toBeVisible();
      if (!marketing) {
        await expectNoAxeViolations(page, 'cookie banner');
        await shot(page, 'consent-banner', lang);
        await banner.getByRole('button', { name: t.onlyNecessary }).click();
      } else {
        await banner.getByRole('checkbox', { name: /^Marketing/ }).check();
        await banner.getByRole('button', { name: t.saveChoice }).click();
      }
      await expect(banner).toHaveCount(0);
      const attributionCookie = async () =>
        (await context.cookies()).find((c) => c.name === 'prod-attribution');
      // The choice is saved, then the cookie written from an effect: with consent, wait for it to be there.
      if (marketing) await expect.poll(async () => (await attributionCookie()) !== undefined).toBe(true);
      const cookie = await attributionCookie();
      const body = await registerThroughForm(page, lang, uniqueEmail(`attr${lang}${Number(marketing)}`));
      if (marketing) {
        expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}'))).toEqual({
          utm_source: 'newsletter',
          utm_campaign: 'herbst',
          utm_medium: 'mail',
        });
        // At most a day (SPEC.md §9).
        expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(86_400);
        expect(body.attribution).toEqual({
          utm_source: 'newsletter',
          utm_campaign: 'herbst',
          utm_medium: 'mail',
        });
      } else {
        expect(cookie).toBeUndefined();
        expect(body.attribution).toBeUndefined();
      }
      await context.close();
    }
  });
}
