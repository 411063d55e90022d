import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { type Lang, openPage, runsIn } from '../support/journey.ts';
import { befriend, type E2EMember, onboardedMember } from '../support/members.ts';

/** Unique answers keep other journeys' members out of these two's suggestions. */
const answers = { languages: ['ar'], loss_kind: ['friend'], region: ['ch'] };
const SHOTS = process.env.CHAT_SHOTS_DIR;

const t = {
  de: {
    log: (n: string) => `Gespräch mit ${n}`,
    older: 'Ältere Nachrichten laden',
    mute: (n: string) => `Gespräch mit ${n} stummschalten`,
    muted: /Stummgeschaltet: keine Push-Nachrichten/,
    inList: /stummgeschaltet/,
    unread: /ungelesen/,
    listUnread: /\d+ ungelesene Nachricht/,
  },
  en: {
    log: (n: string) => `Conversation with ${n}`,
    older: 'Load earlier messages',
    mute: (n: string) => `Mute the conversation with ${n}`,
    muted: /Muted: no push notifications/,
    inList: /muted/,
    unread: /unread/,
    listUnread: /\d+ unread message/,
  },
} as const;

const send = async (request: APIRequestContext, from: E2EMember, to: E2EMember, message: string) => {
  const res = await request.post(`/api/chat/${to.id}/send`, {
    data: { message },
    headers: { authorization: `Bearer ${from.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
};

interface AxNode {
  nodeId: string;
  parentId?: string;
  role?: { value: string };
  name?: { value: string };
  properties?: Array<{ name: string; value: { value: unknown } }>;
}

/**
 * From the browser's accessibility tree: the texts a screen reader is told of when they appear, i.e. the
 * text inside the conversation log's live regions (a node with a `live` property other than off).
 */
async function announcedInLog(page: Page, logName: string) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
  await cdp.detach();
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const live = (n: AxNode) => n.properties?.find((p) => p.name === 'live')?.value.value;
  const ancestors = (n: AxNode) => {
    const chain: AxNode[] = [];
    for (let p = n.parentId && byId.get(n.parentId); p; p = p.parentId ? byId.get(p.parentId) : undefined)
      chain.push(p);
    return chain;
  };
  const log = nodes.find((n) => n.role?.value === 'log' && n.name?.value === logName);
  expect(log, 'the conversation log').toBeTruthy();
  // The log itself is quiet: its role's implied politeness is switched off.
  expect(live(log!) ?? 'off').toBe('off');
  const texts: string[] = [];
  for (const n of nodes) {
    if (n.role?.value !== 'StaticText') continue;
    const chain = ancestors(n);
    if (!chain.includes(log!)) continue;
    const region = chain.find((a) => live(a) !== undefined);
    if (region && live(region) !== 'off') texts.push(String(n.name?.value));
  }
  return texts;
}

for (const lang of ['de', 'en'] as const satisfies Lang[]) {
  test(`chat safety journey (${lang}): the log announces only new messages (not the history, not older pages); a muted conversation counts in the list only; axe clean`, async ({
    browser,
    request,
    baseURL,
  }, testInfo) => {
    runsIn(lang);
    test.setTimeout(90_000);
    const tag = `${lang}${testInfo.project.name.replace(/\W/g, '')}${Date.now() % 100000}`;
    const alma = await onboardedMember(request, `Alma${tag}`, answers, { locale: lang });
    const bert = await onboardedMember(request, `Bert${tag}`, answers, { locale: lang });
    await befriend(request, alma, bert);
    // More than one page (30): the oldest wait behind "load earlier messages".
    for (let i = 1; i <= 32; i++) await send(request, alma, bert, `Erinnerung ${i}`);
    const T = t[lang];
    const b = await openPage(browser, baseURL as string, lang, bert);
    await b.page.goto(`/chat/${alma.id}`);
    await expect(b.page.locator('[data-connection-state="connected"]')).toHaveCount(1, { timeout: 15_000 });
    const log = b.page.getByRole('log', { name: T.log(alma.nickname) });
    await expect(log.getByText('Erinnerung 32', { exact: true })).toBeVisible();

    // The history that loaded is in the log, and none of it is announced.
    expect(await log.ariaSnapshot()).toContain('Erinnerung 3');
    expect(await announcedInLog(b.page, T.log(alma.nickname))).toEqual([]);

    // Earlier messages load into the log's quiet part: still nothing announced.
    await log.page().getByRole('button', { name: T.older }).click();
    await expect(log.getByText('Erinnerung 1', { exact: true })).toBeAttached();
    expect(await announcedInLog(b.page, T.log(alma.nickname))).toEqual([]);

    // A new message is the one thing announced.
    await send(request, alma, bert, 'Bist du noch wach?');
    await expect(log.getByText('Bist du noch wach?', { exact: true })).toBeVisible();
    expect((await announcedInLog(b.page, T.log(alma.nickname))).filter((s) => /Erinnerung/.test(s))).toEqual(
      [],
    );
    expect(await announcedInLog(b.page, T.log(alma.nickname))).toContain('Bist du noch wach?');

    // Mute: pressed, explained; the partner learns nothing (API tests).
    const mute = b.page.getByRole('button', { name: T.mute(alma.nickname) });
    await expect(mute).toHaveAttribute('aria-pressed', 'false');
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    await expect(b.page.getByText(T.muted)).toBeVisible();
    if (SHOTS) await b.page.screenshot({ path: `${SHOTS}/chat-muted-${testInfo.project.name}.png` });
    await expectNoAxeViolations(b.page, `muted conversation (${lang})`);

    // Away from the conversation a new message counts in the list, not in the navigation.
    await b.page.goto('/chat');
    await send(request, alma, bert, 'Melde dich, wenn du magst.');
    const row = b.page.getByRole('link', { name: new RegExp(alma.nickname) });
    await expect(row).toContainText(T.listUnread);
    await expect(row).toContainText(T.inList);
    const navChat = b.page.getByRole('navigation').getByRole('link', { name: /Chat/ });
    await expect(navChat.first()).toBeVisible();
    for (const item of await navChat.all()) await expect(item).not.toContainText(T.unread);
    await expect(b.page).not.toHaveTitle(/^\(\d+\)/);
    await expectNoAxeViolations(b.page, `conversation list with a muted one (${lang})`);
    if (SHOTS) await b.page.screenshot({ path: `${SHOTS}/chat-list-muted-${testInfo.project.name}.png` });

    // Unmuted (here from another device), the navigation and the title count the conversation again.
    const unmuted = await request.put(`/api/chat/${alma.id}/mute`, {
      data: { muted: false },
      headers: { authorization: `Bearer ${bert.token}` },
    });
    expect(unmuted.status()).toBe(200);
    await b.page.reload();
    await expect(navChat.first()).toContainText(T.unread);
    await expect(b.page).toHaveTitle(/^\(\d+\)/);
    await b.context.close();
  });
}
