import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { dataDir, type Lang, openPage, runsIn } from '../support/journey.ts';
import { onboardedMember, PASSWORD } from '../support/members.ts';
import { pathOf, waitForLink } from '../support/outbox.ts';

/** Issue 11, settings: password change signs the other browser out; the session list ends a session. */
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.artifacts', 'settings');
const NEW_PASSWORD = 'Kraniche ziehen im Herbst 9';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const CONFIRM_LINK = /https?:\/\/[^\s"'<>]+\/settings\/email\/confirm\/[A-Za-z0-9_-]+/;

const ui = {
  de: {
    email: 'E-Mail Adresse',
    password: 'Passwort',
    signIn: 'Anmelden',
    sessions: 'Wo du angemeldet bist',
    thisDevice: 'Dieses Gerät',
    endFirefox: 'Firefox auf Windows abmelden',
    current: 'Aktuelles Passwort',
    newPassword: 'Neues Passwort',
    repeat: 'Neues Passwort wiederholen',
    change: 'Passwort ändern',
    changed: 'Dein Passwort wurde geändert. Auf allen anderen Geräten bist du jetzt abgemeldet.',
    wrong: 'Das Passwort ist nicht korrekt.',
    openEmail: 'E-Mail Adresse ändern',
    newEmail: 'Neue E-Mail Adresse',
    yourPassword: 'Dein Passwort',
    sendLink: 'Bestätigungslink senden',
    pending: /Wartet auf Bestätigung/,
    confirmed: 'Deine neue E-Mail Adresse ist bestätigt.',
  },
  en: {
    email: 'E-mail address',
    password: 'Password',
    signIn: 'Sign in',
    sessions: 'Where you are signed in',
    thisDevice: 'This device',
    endFirefox: 'Sign out Firefox on Windows',
    current: 'Current password',
    newPassword: 'New password',
    repeat: 'Repeat new password',
    change: 'Change password',
    changed: 'Your password has been changed. You are now signed out on all other devices.',
    wrong: 'The password is not correct.',
    openEmail: 'Change e-mail address',
    newEmail: 'New e-mail address',
    yourPassword: 'Your password',
    sendLink: 'Send confirmation link',
    pending: /Waiting for confirmation/,
    confirmed: 'Your new e-mail address is confirmed.',
  },
} as const;

const width = () => test.info().project.use.viewport?.width ?? 0;

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width()}.png`), fullPage: true });
}

/** A browser of its own (language and cookie choice made), signed in through the login screen. */
async function signedInBrowser(browser: Browser, baseURL: string, lang: Lang, email: string) {
  const { context, page } = await openPage(browser, baseURL, lang);
  await page.goto('/login');
  await page.getByLabel(ui[lang].email).fill(email);
  await page.getByLabel(ui[lang].password, { exact: true }).fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: ui[lang].signIn, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

test.describe.configure({ timeout: 120_000 });

for (const lang of ['de', 'en'] as const) {
  test(`settings (${lang}): end a session from the list; a password change signs the other browser out`, async ({
    browser,
    request,
    baseURL,
  }) => {
    runsIn(lang);
    const T = ui[lang];
    const member = await onboardedMember(
      request,
      `Set${lang}${width()}${Date.now() % 100000}`,
      {},
      { locale: lang },
    );
    // A sign-in from another kind of browser, to be ended from the list.
    const firefox = await request.post('/api/auth/tokens', {
      data: { username: member.email, password: PASSWORD },
      headers: { 'user-agent': FIREFOX_WINDOWS },
    });
    expect(firefox.status()).toBe(200);
    const firefoxToken = ((await firefox.json()) as { token: string }).token;

    const a = await signedInBrowser(browser, baseURL as string, lang, member.email);
    const b = await signedInBrowser(browser, baseURL as string, lang, member.email);
    // B is connected live, as a member's open tab is.
    await expect(b.page.locator('[data-connection-state]')).toHaveAttribute(
      'data-connection-state',
      'connected',
    );

    await a.page.goto('/settings');
    const list = a.page.getByRole('list', { name: T.sessions });
    // Registration, Firefox, A and B.
    await expect(list.getByTestId('session')).toHaveCount(4);
    await expect(list.getByTestId('session').filter({ hasText: T.thisDevice })).toHaveCount(1);
    await shot(a.page, `settings-${lang}`);
    await expectNoAxeViolations(a.page, `settings (${lang})`);

    await list.getByRole('button', { name: T.endFirefox }).click();
    await expect(list.getByTestId('session')).toHaveCount(3);
    await expect(list.getByRole('button', { name: T.endFirefox })).toHaveCount(0);
    const ended = await request.get('/api/profile/init', {
      headers: { authorization: `Bearer ${firefoxToken}` },
    });
    expect(ended.status()).toBe(401);

    // A wrong current password changes nothing.
    await a.page.getByLabel(T.current).fill('nicht mein Passwort');
    await a.page.getByLabel(T.newPassword, { exact: true }).fill(NEW_PASSWORD);
    await a.page.getByLabel(T.repeat).fill(NEW_PASSWORD);
    await a.page.getByRole('button', { name: T.change }).click();
    await expect(a.page.getByText(T.wrong)).toBeVisible();
    await expect(a.page.getByLabel(T.current)).toHaveClass(/vee-invalid/);
    await expectNoAxeViolations(a.page, `settings with an error (${lang})`);
    await expect(b.page).toHaveURL(/\/dashboard$/);

    await a.page.getByLabel(T.current).fill(PASSWORD);
    await a.page.getByRole('button', { name: T.change }).click();
    await expect(a.page.getByText(T.changed)).toBeVisible();

    // The other browser is signed out on its own (its socket closed; the session can no longer renew).
    await expect(b.page).toHaveURL(/\/login(\?|$)/, { timeout: 20_000 });
    await shot(b.page, `other-browser-signed-out-${lang}`);
    // A stays signed in, and its list shows it alone.
    await a.page.reload();
    await expect(a.page).toHaveURL(/\/settings$/);
    await expect(list.getByTestId('session')).toHaveCount(1);
    await expect(list.getByTestId('session')).toContainText(T.thisDevice);
    await shot(a.page, `settings-after-password-${lang}`);

    // Changing the e-mail address: waiting until the link from the new address is opened.
    const next = `neu-${lang}-${Date.now()}@example.org`;
    await a.page.getByRole('button', { name: T.openEmail }).click();
    await a.page.getByLabel(T.newEmail).fill(next);
    await a.page.getByLabel(T.yourPassword).fill(NEW_PASSWORD);
    await a.page.getByRole('button', { name: T.sendLink }).click();
    await expect(a.page.getByText(T.pending)).toBeVisible();
    await shot(a.page, `settings-email-pending-${lang}`);
    const link = pathOf(await waitForLink(dataDir(), next, CONFIRM_LINK));
    await a.page.goto(link);
    await expect(a.page.getByText(T.confirmed)).toBeVisible();
    await shot(a.page, `email-confirmed-${lang}`);
    await expectNoAxeViolations(a.page, `email confirmed (${lang})`);
    await a.page.goto('/settings');
    await expect(a.page.getByText(next)).toBeVisible();

    await a.context.close();
    await b.context.close();
  });
}
