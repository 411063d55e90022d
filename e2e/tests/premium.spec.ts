import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { questionnaireResponse } from '@trostnetz/contracts/questionnaire';
import { expectNoAxeViolations } from '../support/axe.ts';
import { dataDir, type Lang, openPage, runsIn, uniqueEmail, verifyMember } from '../support/journey.ts';
import { type Answers, defaultAnswers, onboardedMember, PASSWORD } from '../support/members.ts';
import { readOutbox } from '../support/outbox.ts';

/** The visible texts of the premium journey, per language. */
const ui = {
  de: {
    months3: '3 Monate',
    register: 'Neu registrieren',
    nickname: 'Spitzname',
    email: 'E-Mail Adresse',
    password: 'Passwort',
    passwordRepeat: 'Passwort wiederholen',
    terms: /Nutzungsbedingungen/,
    createAccount: 'Konto erstellen',
    immediate: /Premium sofort beginnt/,
    order: 'Zahlungspflichtig bestellen',
    testBanner: 'TEST – keine echte Zahlung',
    paySuccess: 'Zahlung erfolgreich (Test)',
    premiumActive: 'Premium ist aktiv',
    myPremium: 'Mein Premium',
    more: 'Mehr',
    openMenu: /Kontomenü öffnen/,
    suggestions: 'Vorschläge für dich',
    viewProfile: 'Profil ansehen',
    footerCancel: 'Verträge hier kündigen',
    name: 'Dein Name',
    yourEmail: 'Deine E-Mail Adresse',
    cancelNow: 'Jetzt kündigen',
    cancelReceived: 'Deine Kündigung ist eingegangen',
    receivedAt: /Eingegangen am \d{1,2}\. \S+ \d{4}/,
    orderSubject: /Deine Bestellung von Premium \(PV-/,
    cancelSubject: 'Trostnetz: Deine Kündigung ist eingegangen',
    confirmNow: 'Jetzt bestätigen',
    confirmed: 'Danke, deine Erklärung ist bestätigt.',
    endsOn: /endet am \d{1,2}\. \S+ \d{4}/,
  },
  en: {
    months3: '3 months',
    register: 'Register',
    nickname: 'Nickname',
    email: 'E-mail address',
    password: 'Password',
    passwordRepeat: 'Repeat password',
    terms: /terms of use/,
    createAccount: 'Create account',
    immediate: /premium to start at once/,
    order: 'Order with obligation to pay',
    testBanner: 'TEST – no real payment',
    paySuccess: 'Payment succeeds (test)',
    premiumActive: 'Premium is active',
    myPremium: 'My Premium',
    more: 'More',
    openMenu: /Open account menu/,
    suggestions: 'Suggestions for you',
    viewProfile: 'View profile',
    footerCancel: 'Cancel contracts here',
    name: 'Your name',
    yourEmail: 'Your e-mail address',
    cancelNow: 'Cancel now',
    cancelReceived: 'Your cancellation has arrived',
    receivedAt: /Received on \d{1,2} \S+ \d{4}/,
    orderSubject: /Your premium order \(PV-/,
    cancelSubject: 'Trostnetz: Your cancellation has arrived',
    confirmNow: 'Confirm now',
    confirmed: 'Thank you, your statement is confirmed.',
    endsOn: /ends on \d{1,2} \S+ \d{4}/,
  },
} as const;

// A language and loss per run, so members of other runs and journeys never become suggestions here.
const uniqueMix: Record<string, Pick<Answers, 'languages' | 'loss_kind' | 'region'>> = {
  'de-mobile-375': { languages: ['tr'], loss_kind: ['separation'], region: ['de_bremen'] },
  'en-mobile-375': { languages: ['ar'], loss_kind: ['separation'], region: ['de_saarland'] },
  'de-desktop-1280': { languages: ['ru'], loss_kind: ['separation'], region: ['at'] },
  'en-desktop-1280': { languages: ['uk'], loss_kind: ['separation'], region: ['ch'] },
};

// Screenshots of /premium, /checkout/{id}, the test provider and the cancellation page (both languages
// at both widths) when PREMIUM_SHOTS names a folder.
const SHOTS = process.env.PREMIUM_SHOTS;
async function shot(page: Page, lang: Lang, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({
    path: `${SHOTS}/${name}-${lang}-${page.viewportSize()?.width ?? 0}.png`,
    fullPage: true,
  });
}

async function waitForMail(to: string, subject: string | RegExp) {
  const matches = (s: string) => (typeof subject === 'string' ? s === subject : subject.test(s));
  await expect
    .poll(
      () => readOutbox(dataDir()).filter((m) => m.to.toLowerCase().includes(to) && matches(m.subject)).length,
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThan(0);
  return readOutbox(dataDir()).filter((m) => m.to.toLowerCase().includes(to) && matches(m.subject))[0]!;
}

for (const lang of ['de', 'en'] as const) {
  test(`issue 14 premium journey (${lang}): a guest picks a plan, registers in the checkout, pays with the test provider, gets more suggestions, and cancels through the footer without logging in`, async ({
    browser,
    baseURL,
    request,
  }) => {
    if (SHOTS) test.setTimeout(120_000);
    else runsIn(lang);
    const t = ui[lang];
    const mix = uniqueMix[`${lang}-${test.info().project.name}`]!;
    // Four members who fit: a free member sees three of them, a premium member all four.
    const partners = await Promise.all(
      [1, 2, 3, 4].map((i) => onboardedMember(request, `Partner${i}`, { ...mix, role: ['supporter'] })),
    );

    if (SHOTS) {
      const free = await openPage(browser, baseURL!, lang, partners[0]);
      await free.page.goto('/premium');
      await expect(free.page.getByRole('heading', { level: 1, name: 'Premium' })).toBeVisible();
      await expect(free.page.getByRole('link', { name: /Auswählen|Choose/ }).first()).toBeVisible();
      await shot(free.page, lang, 'premium');
      await expectNoAxeViolations(free.page, '/premium');
      await free.context.close();
    }

    // A guest opens the checkout for one plan and picks another there.
    const { context, page } = await openPage(browser, baseURL!, lang);
    await page.goto('/checkout/premium-1m');
    await page.getByRole('link', { name: new RegExp(t.months3) }).click();
    await expect(page).toHaveURL(/\/checkout\/premium-3m$/);
    await expect(page.getByTestId('checkout-total')).toContainText(lang === 'de' ? '17,97' : '17.97');
    await shot(page, lang, 'checkout-guest');

    // Registers inside the checkout and stays on it, with the same plan.
    const email = uniqueEmail(`premium-${lang}`);
    await page.getByRole('button', { name: t.register }).click();
    await page.getByLabel(t.nickname).fill(`Käufer ${lang}`);
    await page.getByLabel(t.email, { exact: true }).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(t.passwordRepeat).fill(PASSWORD);
    await page.getByRole('checkbox', { name: t.terms }).check();
    await page.getByRole('button', { name: t.createAccount }).click();
    const orderButton = page.getByRole('button', { name: t.order });
    await expect(orderButton).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/premium-3m$/);
    await page.getByRole('checkbox', { name: t.immediate }).check();
    await shot(page, lang, 'checkout-order');
    await expectNoAxeViolations(page, 'checkout (order)');
    await orderButton.click();

    // The built-in test provider: unmistakably a test; the outcome goes through the signed webhook.
    await expect(page).toHaveURL(/\/checkout\/test-provider\/cs_test_/);
    await expect(page.getByText(t.testBanner)).toBeVisible();
    await shot(page, lang, 'test-provider');
    await expectNoAxeViolations(page, 'test provider');
    await page.getByRole('button', { name: t.paySuccess }).click();
    await expect(page).toHaveURL(/\/checkout-succeeded\?session_id=cs_test_/);
    await expect(page.getByRole('heading', { name: t.premiumActive })).toBeVisible();
    await expectNoAxeViolations(page, '/checkout-succeeded');
    await waitForMail(email, t.orderSubject);

    // Verified and onboarded (through the API, as other journeys do), premium shows all four fitting members.
    await verifyMember(request, email);
    const token = (await context.cookies()).find((c) => c.name === 'prod-access-token')!.value;
    const headers = { authorization: `Bearer ${token}` };
    const { steps, questions } = questionnaireResponse.parse(
      await (await request.get('/api/onboarding/questionnaire', { headers })).json(),
    );
    const answers = { ...defaultAnswers, ...mix };
    for (let step = 1; step <= steps; step++) {
      const keys = new Set(questions.filter((q) => q.step === step).map((q) => q.key));
      const data = { answers: Object.fromEntries(Object.entries(answers).filter(([k]) => keys.has(k))) };
      expect((await request.post(`/api/onboarding/steps/${step}`, { data, headers })).status()).toBe(200);
    }
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: t.suggestions })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`^${t.viewProfile}`) })).toHaveCount(4);

    // The account menu's premium entry opens the member's own plan in the settings.
    const width = page.viewportSize()?.width ?? 1280;
    await page.getByRole('button', { name: width <= 768 ? t.more : t.openMenu, exact: true }).click();
    await page.getByRole('menuitem', { name: t.myPremium }).click();
    await expect(page).toHaveURL(/\/settings#subscription$/);
    await expect(page.locator('#subscription')).toBeVisible();
    await context.close();

    // Cancelling: a guest (no login) uses the footer button on the start page.
    const guest = await openPage(browser, baseURL!, lang);
    await guest.page.goto('/login');
    await guest.page.getByRole('contentinfo').getByRole('link', { name: t.footerCancel }).click();
    await expect(guest.page).toHaveURL(/\/contracts\/cancel$/);
    await guest.page.getByLabel(t.name).fill(`Käufer ${lang}`);
    await guest.page.getByLabel(t.yourEmail).fill(email);
    await shot(guest.page, lang, 'cancellation');
    await expectNoAxeViolations(guest.page, 'cancellation');
    await guest.page.getByRole('button', { name: t.cancelNow }).click();
    await expect(guest.page.getByRole('heading', { name: t.cancelReceived })).toBeVisible();
    await expect(guest.page.getByTestId('received-at')).toHaveText(t.receivedAt);
    // Without the account's session it takes effect once the link mailed to the contract's address is
    // confirmed (decision 030): the owner opens it and confirms with the button.
    const ask = await waitForMail(email, t.cancelSubject);
    const link = /https?:\/\/[^\s"'<>]+\/contracts\/confirm\/dc_[A-Za-z0-9_-]+/.exec(ask.text)?.[0];
    expect(link).toBeDefined();
    await guest.page.goto(new URL(link!).pathname);
    await guest.page.getByRole('button', { name: t.confirmNow }).click();
    await expect(guest.page.getByText(t.confirmed)).toBeVisible();
    await shot(guest.page, lang, 'cancellation-confirmed');
    await expect
      .poll(
        () =>
          readOutbox(dataDir()).filter((m) => m.to.toLowerCase().includes(email) && t.endsOn.test(m.text))
            .length,
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(0);
    await guest.context.close();
  });
}
