import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  acceptNecessaryCookies,
  createMember,
  dataDir,
  type Lang,
  logout,
  openPage,
  runsIn,
  signInWithTokens,
  switchLanguage,
  ui,
  uniqueEmail,
  verifyMember,
} from '../support/journey.ts';
import { pathOf, RESET_LINK, VERIFY_LINK, waitForLink } from '../support/outbox.ts';

const PASSWORD = 'ein ruhiger langer Satz';
const NEW_PASSWORD = 'ein neuer ruhiger Satz';

for (const lang of ['de', 'en'] as const) {
  test(`account journey (${lang}): register, verify, onboarding, logout, reset password, login, and a new device in the account's language`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    runsIn(lang);
    const t = ui[lang];
    const channelAuths: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/pusher/auth')) channelAuths.push(r.status());
    });
    const email = uniqueEmail(`${lang}-${testInfo.project.name}`);
    const nickname = lang === 'de' ? 'Mara' : 'Robin';

    // SPEC.md §2 home: the address a newcomer types sends a guest to the login.
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/register');
    await acceptNecessaryCookies(page, 'de');
    if (lang === 'en') await switchLanguage(page, 'en');
    await expect(page.getByRole('heading', { level: 1, name: t.registerTitle })).toBeVisible();
    await expect(page).toHaveTitle(`Trostnetz – ${lang === 'de' ? 'Registrieren' : 'Create account'}`);

    // Register → please-verify
    await page.getByLabel(t.nickname).fill(nickname);
    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(t.passwordRepeat).fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('main').getByRole('button', { name: t.createAccount }).click();
    await expect(page).toHaveURL(/\/please-verify$/);
    await expect(page.getByRole('heading', { level: 1, name: t.pleaseVerify })).toBeVisible();

    // The verification link from the outbox: please-verify gives way to the onboarding address.
    const verifyLink = await waitForLink(dataDir(), email, VERIFY_LINK);
    await page.goto(pathOf(verifyLink));
    await expect(page).toHaveURL(/\/onboarding$/);

    // Groups before the questionnaire offer the way to it, as chat does, instead of a refusal.
    await page.goto('/groups');
    await expect(page.getByRole('heading', { level: 1, name: t.groupsTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: t.answerQuestionnaire })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`groups-before-questionnaire-${lang}.png`) });

    // Log out from the dashboard.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: t.welcome(nickname) })).toBeVisible();
    await logout(page, lang);

    // Forgotten password → reset link → new password.
    await page.getByRole('link', { name: t.forgotLink }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel(t.email).fill(email);
    await page.getByRole('button', { name: t.requestLink }).click();
    await expect(page.getByText(t.sent)).toBeVisible();
    const resetLink = await waitForLink(dataDir(), email, RESET_LINK);
    await page.goto(pathOf(resetLink));
    await page.getByLabel(t.newPassword, { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(t.passwordRepeat).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: t.savePassword }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(t.passwordChanged)).toBeVisible();

    // The old password no longer works; the new one leads to the dashboard.
    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('main').getByRole('button', { name: t.signIn, exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByLabel(t.password, { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('main').getByRole('button', { name: t.signIn, exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: t.welcome(nickname) })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);

    // Realtime: connected, and the five private member channels were authorised.
    await expect(page.locator('[data-connection-state]')).toHaveAttribute(
      'data-connection-state',
      'connected',
    );
    await expect.poll(() => channelAuths.filter((s) => s === 200).length).toBeGreaterThanOrEqual(5);
    expect(channelAuths.filter((s) => s !== 200)).toEqual([]);

    // A new device set to the other language: once signed in, the account's language wins.
    const other: Lang = lang === 'de' ? 'en' : 'de';
    const device = await openPage(browser, baseURL!, other);
    await device.page.goto('/login');
    await expect(device.page.locator('html')).toHaveAttribute('lang', other);
    await device.page.getByLabel(ui[other].email).fill(email);
    await device.page.getByLabel(ui[other].password, { exact: true }).fill(NEW_PASSWORD);
    await device.page.getByRole('main').getByRole('button', { name: ui[other].signIn, exact: true }).click();
    await expect(device.page).toHaveURL(/\/dashboard$/);
    await expect(device.page.getByRole('heading', { level: 1, name: t.welcome(nickname) })).toBeVisible();
    await expect(device.page.locator('html')).toHaveAttribute('lang', lang);
    await device.page.screenshot({ path: testInfo.outputPath(`account-language-${lang}.png`) });
    await device.context.close();
  });
}

test.describe('accessibility (axe: WCAG 2.0/2.1 A and AA)', () => {
  for (const lang of ['de', 'en'] as Lang[]) {
    test(`guest screens have no violations (${lang})`, async ({ page }) => {
      runsIn(lang);
      await page.goto('/login');
      // The consent banner is part of the first screen; check it once, then dismiss it.
      await expectNoAxeViolations(page, 'login with cookie banner');
      await acceptNecessaryCookies(page, 'de');
      if (lang === 'en') await switchLanguage(page, 'en');
      const screens = [
        ['/login', 'login'],
        ['/register', 'register'],
        ['/forgot-password', 'forgot-password'],
        ['/password/reset/0123456789abcdef0123456789abcdef', 'reset'],
        [`/email/verify/999999/${'a'.repeat(64)}?expires=1&signature=${'b'.repeat(64)}`, 'verification'],
        ['/diese-seite-gibt-es-nicht', 'not-found'],
      ] as const;
      for (const [path, label] of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (label === 'verification') await expect(page.getByRole('alert')).toBeVisible();
        await expectNoAxeViolations(page, `${label} (${lang})`);
      }
    });
  }

  test('member screens have no violations: please-verify and dashboard', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail('axe');
    const pair = await createMember(request, {
      email,
      password: PASSWORD,
      nickname: 'Axel',
      verified: false,
    });
    await signInWithTokens(page, baseURL!, pair);
    await page.goto('/please-verify');
    await acceptNecessaryCookies(page, 'de');
    await expect(page.getByRole('heading', { level: 1, name: ui.de.pleaseVerify })).toBeVisible();
    await expectNoAxeViolations(page, 'please-verify');

    await verifyMember(request, email);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: ui.de.welcome('Axel') })).toBeVisible();
    await expectNoAxeViolations(page, 'dashboard (de)');
    await switchLanguage(page, 'en');
    await expect(page.getByRole('heading', { level: 1, name: ui.en.welcome('Axel') })).toBeVisible();
    await expectNoAxeViolations(page, 'dashboard (en)');
  });
});
