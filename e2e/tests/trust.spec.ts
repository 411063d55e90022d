import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { createMember, type Lang, openPage, runsIn, uniqueEmail } from '../support/journey.ts';
import { type Answers, befriend, type E2EMember, onboardedMember, PASSWORD } from '../support/members.ts';

/** Issue 9 items 14–17 (what a new member hit), in Chromium at 375 and 1280 px, German and English. */
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.artifacts', 'trust');

const ui = {
  de: {
    signIn: 'Anmelden',
    email: 'E-Mail Adresse',
    password: 'Passwort',
    requestFrom: (n: string) => `Anfrage von ${n}`,
    unread: /1 ungelesene Nachricht/,
    retract: 'Anfrage zurückziehen',
    befriended: 'Ihr seid Trostpartner',
    settingsTabs: 'Einstellungen',
    verified: 'bestätigt',
    answerFirst: 'Erzähl uns ein wenig von dir',
    answerAction: 'Fragebogen beantworten',
    chatTitle: 'Nachrichten',
    nothingBought: 'Es wurde nichts gekauft',
    toPremium: 'Zu Premium',
    report: 'Melden',
    reportText: (n: string) => `${n} erfährt nicht, wer gemeldet hat.`,
    optional: /freiwillig/gi,
    progress6: 'Schritt 6 von 7',
    region: 'Wo lebst du?',
    why: 'Warum ihr passt',
  },
  en: {
    signIn: 'Sign in',
    email: 'E-mail address',
    password: 'Password',
    requestFrom: (n: string) => `Request from ${n}`,
    unread: /1 unread message/,
    retract: 'Withdraw request',
    befriended: 'You are support partners',
    settingsTabs: 'Settings',
    verified: 'confirmed',
    answerFirst: 'Tell us a little about yourself',
    answerAction: 'Answer the questionnaire',
    chatTitle: 'Messages',
    nothingBought: 'No purchase was made',
    toPremium: 'To Premium',
    report: 'Report',
    reportText: (n: string) => `${n} does not learn who reported them.`,
    optional: /optional/gi,
    progress6: 'Step 6 of 7',
    region: 'Where do you live?',
    why: 'Why you match',
  },
} as const;

interface RangeLike {
  selectNodeContents(node: unknown): void;
  getClientRects(): Iterable<{ top: number }>;
}

/** A loss of its own per language and width, so each pair is suggested to each other (within the top 3). */
const ownLoss: Record<string, string> = {
  'de-mobile-375': 'friend',
  'en-mobile-375': 'separation',
  'de-desktop-1280': 'partner',
  'en-desktop-1280': 'other',
};

const width = () => test.info().project.use.viewport?.width ?? 0;

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width()}.png`), fullPage: true });
}

const auth = (m: { token: string }) => ({ authorization: `Bearer ${m.token}` });
const tag = (lang: Lang) => `${lang}${width()}${Date.now() % 100000}`;
/** Answers no member of another journey or run shares, so nobody else is suggested. */
const apart = (answers: Answers = {}): Answers => ({
  languages: ['uk'],
  region: ['de_thüringen'],
  ...answers,
});

async function send(request: APIRequestContext, from: E2EMember, to: E2EMember, message: string) {
  const res = await request.post(`/api/chat/${to.id}/send`, { data: { message }, headers: auth(from) });
  expect(res.status(), await res.text()).toBe(200);
}

async function readMarksOf(request: APIRequestContext, sender: E2EMember, partner: E2EMember) {
  const res = await request.get(`/api/chat/${partner.id}/messages?limit=30`, { headers: auth(sender) });
  const { messages } = (await res.json()) as { messages: Array<{ user_id: number; read_at: string | null }> };
  return messages.filter((m) => m.user_id === sender.id).map((m) => m.read_at);
}

test.describe.configure({ timeout: 120_000 });

test('issue 9 item 14: a chat remembered from a closed tab is never marked read from another screen', async ({
  browser,
  request,
  baseURL,
}) => {
  const t = tag('de');
  const alma = await onboardedMember(request, `Alma${t}`, apart());
  const bert = await onboardedMember(request, `Bert${t}`, apart());
  await befriend(request, alma, bert);
  const b = await openPage(browser, baseURL as string, 'de', bert);
  const readCalls: string[] = [];
  b.context.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/chat\/messages\/\d+\/\d+\/read$/.test(r.url()))
      readCalls.push(r.url());
  });

  // Bert opens the conversation with Alma from his list, then closes the tab.
  await b.page.goto('/chat');
  await b.page.getByRole('link', { name: new RegExp(alma.nickname) }).click();
  await expect(b.page.getByRole('heading', { level: 1, name: alma.nickname })).toBeVisible();
  await b.page.close();

  // Alma writes meanwhile; Bert comes back to the dashboard.
  await send(request, alma, bert, 'Bist du noch wach?');
  const page = await b.context.newPage();
  await page.goto('/dashboard');
  await expect(page.locator('[data-connection-state="connected"]')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByRole('link', { name: ui.de.unread })).toBeVisible();
  await expect(page).toHaveTitle(/^\(1\) /);

  // A message that arrives live on the dashboard is not marked read either.
  await send(request, alma, bert, 'Ich schreib dir einfach.');
  await expect(page).toHaveTitle(/^\(2\) /);
  await shot(page, 'item14-dashboard-unread');
  expect(readCalls).toEqual([]);
  expect(await readMarksOf(request, alma, bert)).toEqual([null, null]);

  // Opening the conversation reads them: now, and only now, Alma sees the read marks.
  await page.goto(`/chat/${alma.id}`);
  await expect(page.getByRole('heading', { level: 1, name: alma.nickname })).toBeVisible();
  await expect.poll(() => readCalls.length).toBe(1);
  await expect.poll(async () => (await readMarksOf(request, alma, bert)).every(Boolean)).toBe(true);
  await b.context.close();
});

test('issue 9 item 15: a profile follows the other side accepting, without a reload', async ({
  browser,
  request,
  baseURL,
}) => {
  const t = tag('de');
  const alma = await onboardedMember(request, `Alma${t}`, apart());
  const bert = await onboardedMember(request, `Bert${t}`, apart());
  const sent = await request.post(`/api/user/friend/request/send/${bert.id}`, {
    data: {},
    headers: auth(alma),
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const a = await openPage(browser, baseURL as string, 'de', alma);
  await a.page.goto(`/profile/${bert.id}`);
  await expect(a.page.getByRole('button', { name: ui.de.retract })).toBeVisible();
  await expect(a.page.locator('[data-connection-state="connected"]')).toHaveCount(1, { timeout: 15_000 });
  const accepted = await request.post(`/api/user/friend/request/accept/${alma.id}`, {
    data: {},
    headers: auth(bert),
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await expect(a.page.getByText(ui.de.befriended)).toBeVisible();
  await expect(a.page.getByRole('button', { name: ui.de.retract })).toHaveCount(0);
  await a.context.close();
});

for (const lang of ['de', 'en'] as const) {
  test(`issue 9 item 16 (${lang}): the mailed friend-request link and chat links keep their target`, async ({
    browser,
    request,
    baseURL,
  }) => {
    runsIn(lang);
    const T = ui[lang];
    const t = tag(lang);
    const alma = await onboardedMember(request, `Alma${t}`, apart());
    const bert = await onboardedMember(request, `Bert${t}`, apart(), { locale: lang });
    const sent = await request.post(`/api/user/friend/request/send/${bert.id}`, {
      data: {},
      headers: auth(alma),
    });
    expect(sent.status(), await sent.text()).toBe(200);

    // Signed out, Bert opens the link from the mail: login first, then the request itself.
    const b = await openPage(browser, baseURL as string, lang);
    await b.page.goto(`/friend-request/${alma.id}`);
    await expect(b.page).toHaveURL(new RegExp(`/login\\?next=%2Ffriend-request%2F${alma.id}$`));
    await shot(b.page, `item16-login-next-${lang}`);
    await expectNoAxeViolations(b.page, `login with a target (${lang})`);
    await b.page.getByLabel(T.email).fill(bert.email);
    await b.page.getByLabel(T.password, { exact: true }).fill(PASSWORD);
    await b.page.getByRole('main').getByRole('button', { name: T.signIn, exact: true }).click();
    await expect(b.page).toHaveURL(new RegExp(`/friend-request/${alma.id}$`));
    await expect(b.page.getByRole('heading', { name: T.requestFrom(alma.nickname) })).toBeVisible();

    // A signed-in reload of a conversation stays in it (the partner list is loaded first).
    await request.post(`/api/user/friend/request/accept/${alma.id}`, { data: {}, headers: auth(bert) });
    await b.page.goto(`/chat/${alma.id}`);
    await expect(b.page.getByRole('heading', { level: 1, name: alma.nickname })).toBeVisible();
    await b.page.reload();
    await expect(b.page).toHaveURL(new RegExp(`/chat/${alma.id}$`));
    await expect(b.page.getByRole('heading', { level: 1, name: alma.nickname })).toBeVisible();
    // An id that is not a partner still goes to the list.
    await b.page.goto('/chat/999999');
    await expect(b.page).toHaveURL(/\/chat$/);

    // Never an open redirect.
    await b.context.clearCookies();
    await b.page.goto('/login?next=%2F%2Fevil.example');
    await b.page.getByLabel(T.email).fill(bert.email);
    await b.page.getByLabel(T.password, { exact: true }).fill(PASSWORD);
    await b.page.getByRole('main').getByRole('button', { name: T.signIn, exact: true }).click();
    await expect(b.page).toHaveURL(/\/dashboard$/);
    expect(new URL(b.page.url()).origin).toBe(new URL(baseURL as string).origin);
    await b.context.close();
  });

  test(`issue 9 item 17 (${lang}): copy and layout a new member meets`, async ({
    browser,
    request,
    baseURL,
  }) => {
    runsIn(lang);
    const T = ui[lang];
    const t = tag(lang);

    // Settings: "bestätigt" never breaks inside the word; every tab is fully visible.
    const pair = apart({ loss_kind: [ownLoss[`${lang}-${test.info().project.name}`] ?? 'other'] });
    const kim = await onboardedMember(request, `Kim${t}`, pair);
    const k = await openPage(browser, baseURL as string, lang, kim);
    await k.page.goto('/settings');
    const badge = k.page.getByText(T.verified, { exact: true });
    await expect(badge).toBeVisible();
    // Whatever the address's length, the badge's text runs over one line only: the address in front
    // of it is replaced by ever longer ones and the lines counted (one rectangle top per line).
    const broken = await badge.evaluate((el) => {
      const doc = (globalThis as unknown as { document: { createRange(): RangeLike } }).document;
      const address = [...(el.parentElement?.childNodes ?? [])].find(
        (n) => n !== el && n.textContent?.includes('@'),
      );
      const lengths: number[] = [];
      for (let n = 1; n <= 60; n++) {
        if (address) address.textContent = `${'a'.repeat(n)}@example.org`;
        const range = doc.createRange();
        range.selectNodeContents(el);
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) lengths.push(n);
      }
      return lengths;
    });
    expect(broken, `"${T.verified}" broken inside the word after addresses of these lengths`).toEqual([]);
    await k.page.reload();
    const tabs = k.page.getByRole('navigation', { name: T.settingsTabs });
    const viewport = width();
    for (const link of await tabs.getByRole('link').all()) {
      const label = (await link.textContent()) ?? '';
      const box = await link.boundingBox();
      expect(box, label).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${label} fully visible`).toBeLessThanOrEqual(viewport);
    }
    expect(await tabs.locator('ul').evaluate((ul) => ul.scrollWidth <= ul.clientWidth)).toBe(true);
    await shot(k.page, `item17-settings-${lang}`);
    await expectNoAxeViolations(k.page, `settings (${lang})`);

    // The report dialog names the member.
    const lou = await onboardedMember(request, `Lou${t}`, pair);
    // Where Lou lives shows only because Lou chooses so (it is shown to nobody by default).
    const shown = await request.patch('/api/profile/me', {
      data: { visibility: { region: 'suggestions' } },
      headers: auth(lou),
    });
    expect(shown.status(), await shown.text()).toBe(200);
    await k.page.goto(`/profile/${lou.id}`);
    await k.page.getByRole('button', { name: T.report, exact: true }).click();
    const dialog = k.page.getByRole('dialog');
    await expect(dialog.getByText(T.reportText(lou.nickname))).toBeVisible();
    await expect(dialog).not.toContainText('{{');
    await shot(k.page, `item17-report-${lang}`);
    await expectNoAxeViolations(k.page, `report dialog (${lang})`);
    await k.page.keyboard.press('Escape');

    // "Why you match" has plain question titles.
    await k.page.goto('/dashboard');
    const card = k.page.locator(`[data-section="suggestions"] [data-partner="${lou.id}"]`);
    await expect(card.getByText(T.why)).toBeVisible();
    await expect(card.getByText(T.region, { exact: true })).toBeVisible();
    expect((await card.textContent())?.match(T.optional) ?? []).toEqual([]);
    await shot(k.page, `item17-dashboard-reasons-${lang}`);

    // /checkout-succeeded claims no purchase.
    await k.page.goto('/checkout-succeeded');
    await expect(k.page.getByRole('heading', { name: T.nothingBought })).toBeVisible();
    await expect(k.page.getByRole('link', { name: T.toPremium })).toHaveAttribute('href', '/premium');
    await shot(k.page, `item17-checkout-succeeded-${lang}`);
    await expectNoAxeViolations(k.page, `checkout-succeeded (${lang})`);
    await k.context.close();

    // Before onboarding: /chat gives the same hint as the dashboard; the questionnaire marks optional once.
    const fresh = await createMember(request, {
      email: uniqueEmail(`trust-${lang}`),
      password: PASSWORD,
      nickname: `Neu${t}`,
      verified: true,
    });
    const n = await openPage(browser, baseURL as string, lang, fresh);
    await n.page.goto('/chat');
    await expect(n.page.getByRole('heading', { level: 1, name: T.chatTitle })).toBeVisible();
    await expect(n.page.getByRole('heading', { level: 2, name: T.answerFirst })).toBeVisible();
    await expect(n.page.getByRole('link', { name: T.answerAction })).toBeVisible();
    await expect(n.page.getByRole('alert')).toHaveCount(0);
    await shot(n.page, `item17-chat-before-onboarding-${lang}`);
    await expectNoAxeViolations(n.page, `chat before onboarding (${lang})`);

    const answers: Record<number, Answers> = {
      1: { role: ['seeker'] },
      2: { loss_kind: ['pet'], loss_when: ['1_3y'] },
      3: { support_kind: ['listening'] },
      4: { age_group: ['26_35'], partner_age: [] },
      5: { gender: [], partner_gender: [] },
    };
    for (const [step, data] of Object.entries(answers)) {
      const res = await request.post(`/api/onboarding/steps/${step}`, {
        data: { answers: data },
        headers: auth(fresh),
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    await n.page.goto('/onboarding');
    await expect(n.page.getByRole('heading', { name: T.progress6 })).toBeVisible();
    const region = n.page.locator('[data-question="region"] legend');
    await expect(region).toContainText(T.region);
    expect((await region.textContent())?.match(T.optional)).toHaveLength(1);
    await shot(n.page, `item17-onboarding-step6-${lang}`);
    await expectNoAxeViolations(n.page, `onboarding step 6 (${lang})`);
    await n.context.close();
  });
}

test('issue 9 items 19 and 20: the first screen’s scripts come precompressed; no source map is public', async ({
  request,
}) => {
  const html = await (await request.get('/login', { headers: { 'accept-encoding': 'identity' } })).text();
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const br = await request.get(script, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status(), script).toBe(200);
    expect(br.headers()['content-encoding'], script).toBe('br');
    expect(br.headers().vary, script).toMatch(/accept-encoding/i);
    const gzip = await request.get(script, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding'], script).toBe('gzip');
    const plain = await request.get(script, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding'], script).toBeUndefined();
    expect(await plain.text(), script).not.toContain('sourceMappingURL');
    expect((await request.get(`${script}.map`)).status(), `${script}.map`).toBe(404);
  }
});
