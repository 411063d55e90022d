import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
} from '@playwright/test';
import { expect, test } from '@playwright/test';
import { pathOf, VERIFY_LINK, waitForLink } from './outbox.ts';

export type Lang = 'de' | 'en';

/** The visible texts a member meets on the journey, per language. */
export const ui = {
  de: {
    registerTitle: 'Konto erstellen',
    nickname: 'Spitzname',
    email: 'E-Mail Adresse',
    password: 'Passwort',
    passwordRepeat: 'Passwort wiederholen',
    newPassword: 'Neues Passwort',
    createAccount: 'Konto erstellen',
    pleaseVerify: 'Bitte bestätige deine E-Mail Adresse',
    welcome: (n: string) => `Schön, dass du da bist, ${n}.`,
    openMenu: /Kontomenü öffnen/,
    more: 'Mehr',
    logout: 'Abmelden',
    loginTitle: 'Anmelden',
    forgotLink: 'Passwort vergessen?',
    requestLink: 'Link anfordern',
    sent: 'Schau in dein Postfach',
    savePassword: 'Passwort speichern',
    passwordChanged: 'Dein Passwort wurde geändert.',
    signIn: 'Anmelden',
    onlyNecessary: 'Nur notwendige',
    statistics: 'Statistik',
    saveChoice: 'Auswahl speichern',
    groupsTitle: 'Gruppen',
    answerQuestionnaire: 'Fragebogen beantworten',
  },
  en: {
    registerTitle: 'Create account',
    nickname: 'Nickname',
    email: 'E-mail address',
    password: 'Password',
    passwordRepeat: 'Repeat password',
    newPassword: 'New password',
    createAccount: 'Create account',
    pleaseVerify: 'Please confirm your e-mail address',
    welcome: (n: string) => `Good to have you here, ${n}.`,
    openMenu: /Open account menu/,
    more: 'More',
    logout: 'Sign out',
    loginTitle: 'Sign in',
    forgotLink: 'Forgotten your password?',
    requestLink: 'Send link',
    sent: 'Check your inbox',
    savePassword: 'Save password',
    passwordChanged: 'Your password has been changed.',
    signIn: 'Sign in',
    onlyNecessary: 'Necessary only',
    statistics: 'Statistics',
    saveChoice: 'Save choice',
    groupsTitle: 'Groups',
    answerQuestionnaire: 'Answer the questionnaire',
  },
} as const;

export const dataDir = (): string => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir)
    throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it for the server it starts)');
  return dir;
};

export const uniqueEmail = (tag: string) =>
  `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`.toLowerCase();

/** Dismisses the cookie banner with "necessary only" so it covers nothing. */
export async function acceptNecessaryCookies(page: Page, lang: Lang) {
  await page.getByRole('button', { name: ui[lang].onlyNecessary }).click();
  await expect(page.locator('[data-cookie-consent]')).toHaveCount(0);
}

/** Statistics hits the page sends (SPEC.md §7), caught before they leave the browser. */
export type StatisticsHit = Record<string, string>;

/** Catches every statistics hit of a browser context (the e2e server points ANALYTICS_URL there). */
export async function recordStatistics(context: BrowserContext): Promise<StatisticsHit[]> {
  const hits: StatisticsHit[] = [];
  await context.route('**/e2e-stats/matomo.php', async (route) => {
    hits.push(Object.fromEntries(new URLSearchParams(route.request().postData() ?? '')));
    await route.fulfill({ status: 204 });
  });
  return hits;
}

/** Chooses statistics in the cookie banner. */
export async function acceptStatistics(page: Page, lang: Lang) {
  await page.getByRole('checkbox', { name: ui[lang].statistics }).check();
  await page.getByRole('button', { name: ui[lang].saveChoice }).click();
  await expect(page.locator('[data-cookie-consent]')).toHaveCount(0);
}

/** Uses the language switch in the footer (present on every screen and width). */
export async function switchLanguage(page: Page, lang: Lang) {
  await page
    .getByRole('contentinfo')
    .getByRole('button', { name: lang === 'de' ? 'Deutsch' : 'English' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

export async function logout(page: Page, lang: Lang) {
  const width = page.viewportSize()?.width ?? 1280;
  if (width <= 768) await page.getByRole('button', { name: ui[lang].more }).click();
  else await page.getByRole('button', { name: ui[lang].openMenu }).click();
  await page.getByRole('menuitem', { name: ui[lang].logout }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Registers through the API (for screens that need a member), optionally verified. */
export async function createMember(
  request: APIRequestContext,
  {
    email,
    password,
    nickname,
    verified,
    locale = 'de',
  }: { email: string; password: string; nickname: string; verified: boolean; locale?: Lang },
): Promise<{ token: string; refresh_token: string }> {
  const res = await request.post('/api/register', {
    data: { email, password, password_confirmation: password, nickname, terms_accepted: true, locale },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { token: string; refresh_token: string };
  if (verified) await verifyMember(request, email);
  return body;
}

export async function verifyMember(request: APIRequestContext, email: string) {
  const link = pathOf(await waitForLink(dataDir(), email, VERIFY_LINK));
  const [pathname, search] = link.split('?');
  const res = await request.post(`${pathname!.replace('/email/verify/', '/api/verify/')}?${search}`);
  expect(res.status()).toBe(204);
}

/** Signs the browser in by setting the session cookies the app restores at start. */
export async function signInWithTokens(
  page: Page,
  baseURL: string,
  pair: { token: string; refresh_token: string },
) {
  await page.context().addCookies([
    { name: 'prod-access-token', value: pair.token, url: baseURL },
    { name: 'prod-refresh-token', value: pair.refresh_token, url: baseURL },
  ]);
}

/**
 * Each language runs at one width, so a journey covers both languages and both widths in two runs
 * instead of four: German on the 375 px phone, English on the 1280 px desktop. Call it first in a
 * test that loops over the languages.
 */
export const viewportOfLang: Record<Lang, string> = { de: 'mobile-375', en: 'desktop-1280' };
export function runsIn(lang: Lang) {
  test.skip(test.info().project.name !== viewportOfLang[lang], `${lang} runs on ${viewportOfLang[lang]}`);
}

/**
 * A browser context of its own at the project's width, with the language and the cookie choice (nothing
 * optional) already made; signed in when tokens are given, the account then set to that language too.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  lang: Lang,
  tokens?: { token: string; refresh_token: string },
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext({
    baseURL,
    viewport: test.info().project.use.viewport ?? null,
    ...options,
  });
  await context.addInitScript(
    ([locale]) => {
      // Runs in the page; e2e has no DOM typings.
      const { localStorage } = globalThis as unknown as {
        localStorage: { setItem(key: string, value: string): void };
      };
      localStorage.setItem('trostnetz-locale', locale as string);
      localStorage.setItem(
        'cookie_consent',
        JSON.stringify({
          state: { choice: { statistics: false, marketing: false, decidedAt: '2026-01-01T00:00:00Z' } },
          version: 0,
        }),
      );
    },
    [lang],
  );
  const page = await context.newPage();
  if (tokens) {
    // A member of this journey's language: after sign-in the app shows the account's language.
    const switched = await context.request.post('/api/settings/change-locale', {
      data: { locale: lang },
      headers: { authorization: `Bearer ${tokens.token}` },
    });
    expect(switched.status(), await switched.text()).toBe(200);
    await signInWithTokens(page, baseURL, tokens);
  }
  return { context, page };
}
