import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  acceptNecessaryCookies,
  acceptStatistics,
  type Lang,
  recordStatistics,
  runsIn,
  signInWithTokens,
  switchLanguage,
} from '../support/journey.ts';
import { befriend, type E2EMember, onboardedMember } from '../support/members.ts';

/** Unique answers keep other journeys' members out of these two's suggestions. */
const answers = { languages: ['pl'], region: ['de_saarland'] };
const SHOTS = process.env.CHAT_SHOTS_DIR;

const t = {
  de: {
    list: 'Deine Gespräche',
    listTitle: 'Nachrichten',
    composer: (n: string) => `Nachricht an ${n}`,
    log: (n: string) => `Gespräch mit ${n}`,
    typing: 'schreibt …',
    read: 'Gelesen',
    unread: (c: number) => (c === 1 ? '1 ungelesene Nachricht' : `${c} ungelesene Nachrichten`),
    back: 'Alle Gespräche',
    online: 'Online',
  },
  en: {
    list: 'Your conversations',
    listTitle: 'Messages',
    composer: (n: string) => `Message to ${n}`,
    log: (n: string) => `Conversation with ${n}`,
    typing: 'is typing …',
    read: 'Read',
    unread: (c: number) => (c === 1 ? '1 unread message' : `${c} unread messages`),
    back: 'All conversations',
    online: 'Online',
  },
} as const;

async function openAs(
  browser: Browser,
  baseURL: string,
  member: E2EMember,
  lang: Lang,
  { statistics = false } = {},
) {
  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport ?? null });
  const hits = await recordStatistics(context);
  const page = await context.newPage();
  await signInWithTokens(page, baseURL, member);
  await page.goto('/chat');
  if (statistics) await acceptStatistics(page, 'de');
  else await acceptNecessaryCookies(page, 'de');
  if (lang === 'en') await switchLanguage(page, 'en');
  await expect(page.locator('[data-connection-state="connected"]')).toHaveCount(1, { timeout: 15_000 });
  return { context, page, hits };
}

async function openChat(page: Page, lang: Lang, partner: string) {
  await page
    .getByRole('list', { name: t[lang].list })
    .getByRole('link', { name: new RegExp(partner) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: partner })).toBeVisible();
  await expect(page.locator('[data-header-variant="chat"]')).toHaveCount(1);
}

async function send(page: Page, lang: Lang, partner: string, text: string) {
  const field = page.getByRole('textbox', { name: t[lang].composer(partner) });
  await field.fill(text);
  await field.press('Enter');
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
}

const log = (page: Page, lang: Lang, partner: string) =>
  page.getByRole('log', { name: t[lang].log(partner) });
const once = async (page: Page, lang: Lang, partner: string, text: string) =>
  expect(log(page, lang, partner).getByText(text, { exact: true })).toHaveCount(1);

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png`, fullPage: false });
}

for (const lang of ['de', 'en'] as const) {
  test(`chat journey (${lang}): live both ways, offline catch-up exactly once, unread and read marks, reload`, async ({
    browser,
    request,
    baseURL,
  }, testInfo) => {
    runsIn(lang);
    test.setTimeout(240_000);
    const tag = `${lang}${testInfo.project.name.replace(/\W/g, '')}${Date.now() % 100000}`;
    const alma = await onboardedMember(request, `Alma${tag}`, answers);
    const bert = await onboardedMember(request, `Bert${tag}`, answers);
    await befriend(request, alma, bert);
    // Alma allows statistics, Bert does not (SPEC.md §7).
    const a = await openAs(browser, baseURL as string, alma, lang, { statistics: true });
    const b = await openAs(browser, baseURL as string, bert, lang);
    const T = t[lang];

    // The list: befriended partner, online; axe clean.
    await expect(a.page.getByRole('heading', { level: 1, name: T.listTitle })).toBeVisible();
    await shot(a.page, `list-${lang}`);
    await expectNoAxeViolations(a.page, `/chat (${lang})`);

    await openChat(a.page, lang, bert.nickname);
    await openChat(b.page, lang, alma.nickname);

    // Live both ways; the typing indicator over the client event.
    // Client events reach only sockets already subscribed: a keystroke before Bert's conversation
    // channel is joined is not delivered (as on any Pusher server), so Alma types again until it shows.
    const composer = a.page.getByRole('textbox', { name: T.composer(bert.nickname) });
    await expect(async () => {
      await composer.fill('');
      await composer.pressSequentially('Hal');
      await expect(b.page.getByText(T.typing, { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ intervals: [1_000, 2_000, 3_000], timeout: 20_000 });
    await shot(b.page, `typing-${lang}`);
    await a.page.getByRole('textbox', { name: T.composer(bert.nickname) }).fill('');
    await send(a.page, lang, bert.nickname, 'Hallo Bert, wie geht es dir?');
    await once(b.page, lang, alma.nickname, 'Hallo Bert, wie geht es dir?');
    await send(b.page, lang, alma.nickname, 'Danke, heute etwas besser.\nUnd dir?');
    await expect(log(a.page, lang, bert.nickname).getByText(/Danke, heute etwas besser/)).toHaveCount(1);
    // Both are here, so each shows the other online (pinged on arrival, and proven by the message).
    await expect(a.page.getByRole('main').getByText(T.online, { exact: true })).toBeVisible();
    await expect(b.page.getByRole('main').getByText(T.online, { exact: true })).toBeVisible();
    // Bert had the chat open: Alma's message shows as read.
    await expect(log(a.page, lang, bert.nickname).locator('[data-read-state="read"]')).toHaveCount(1);
    await shot(a.page, `conversation-${lang}`);
    await expectNoAxeViolations(a.page, `/chat/:id (${lang})`);

    // Bert leaves the conversation: a new message counts as unread (list, nav badge, tab title).
    await b.page.getByRole('link', { name: T.back }).click();
    await send(a.page, lang, bert.nickname, 'Schön zu hören.');
    const bertsRow = b.page
      .getByRole('list', { name: T.list })
      .getByRole('link', { name: new RegExp(alma.nickname) });
    await expect(bertsRow).toContainText(T.unread(1));
    await expect(b.page).toHaveTitle(/^\(1\) /);
    await shot(b.page, `list-unread-${lang}`);

    // Bert goes offline; what Alma sends meanwhile arrives after the reconnect, exactly once.
    await b.context.setOffline(true);
    await expect(b.page.locator('[data-connection-state="connected"]')).toHaveCount(0, { timeout: 45_000 });
    await send(a.page, lang, bert.nickname, 'Offline eins');
    await send(a.page, lang, bert.nickname, 'Offline zwei');
    await b.context.setOffline(false);
    await expect(b.page.locator('[data-connection-state="connected"]')).toHaveCount(1, { timeout: 45_000 });
    await expect(bertsRow).toContainText(T.unread(3));
    await expect(b.page).toHaveTitle(/^\(3\) /);
    await openChat(b.page, lang, alma.nickname);
    for (const text of ['Hallo Bert, wie geht es dir?', 'Schön zu hören.', 'Offline eins', 'Offline zwei']) {
      await once(b.page, lang, alma.nickname, text);
    }
    await expect(b.page).not.toHaveTitle(/^\(/);
    // Entering marked them read: Alma sees all her four messages read.
    await expect(log(a.page, lang, bert.nickname).locator('[data-read-state="read"]')).toHaveCount(4);
    await expect(log(a.page, lang, bert.nickname).getByText(T.read, { exact: true })).toHaveCount(4);

    // A reload keeps everything, nothing doubled; the partner list is loaded first and the conversation
    // stays open (SPEC.md §2, issue 9 item 16).
    await b.page.reload();
    await expect(b.page).toHaveURL(new RegExp(`/chat/${alma.id}$`));
    await expect(b.page.getByRole('heading', { level: 1, name: alma.nickname })).toBeVisible();
    for (const text of ['Hallo Bert, wie geht es dir?', 'Schön zu hören.', 'Offline eins', 'Offline zwei']) {
      await once(b.page, lang, alma.nickname, text);
    }
    await expect(log(b.page, lang, alma.nickname).getByText(/Danke, heute etwas besser/)).toHaveCount(1);
    await shot(b.page, `conversation-reloaded-${lang}`);

    // SPEC.md §7: each message Alma sent is one tracked event; page views name the route, never the
    // partner; no hit carries a message or an id. Bert, who allowed only necessary cookies, sent none.
    await expect.poll(() => a.hits.filter((h) => h.e_c === 'chat').length).toBe(4);
    expect(
      a.hits.filter((h) => h.e_c === 'chat').every((h) => h.e_a === 'message sent' && h.idsite === '4'),
    ).toBe(true);
    expect(a.hits.map((h) => h.action_name).filter(Boolean)).toEqual(
      expect.arrayContaining(['chat', 'chat-with']),
    );
    const everything = JSON.stringify(a.hits);
    for (const secret of ['Hallo Bert', 'Offline', `/chat/${bert.id}`, bert.nickname]) {
      expect(everything).not.toContain(secret);
    }
    expect(b.hits).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
}
