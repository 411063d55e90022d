import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { createMember, openPage, runsIn, uniqueEmail } from '../support/journey.ts';
import { type Answers, onboardedMember, PASSWORD } from '../support/members.ts';

/** The visible texts of the matching journey, per language. */
const ui = {
  de: {
    onboardingTitle: 'Erzähl uns ein wenig von dir',
    progress: (s: number) => `Schritt ${s} von 7`,
    required: 'Diese Angabe ist notwendig.',
    next: 'Weiter',
    finish: 'Fertig – Vorschläge ansehen',
    suggestions: 'Vorschläge für dich',
    why: 'Warum ihr passt',
    ask: 'Kontakt anfragen',
    send: 'Anfrage senden',
    message: 'Persönliche Nachricht (freiwillig)',
    requests: 'Eine Kontaktanfrage an dich',
    accept: 'Annehmen',
    acceptConfirm: 'Anfrage annehmen',
    befriendedList: 'Deine Trostpartner',
    befriended: 'Ihr seid Trostpartner',
    sentStatus: 'Anfrage gesendet',
    requestFrom: (n: string) => `Anfrage von ${n}`,
    watch: 'Merken',
    watchlist: 'Merkliste',
    hide: 'Ausblenden',
    blocklist: 'Ausgeblendete Profile',
    unhide: 'Wieder einblenden',
    watchEmpty: 'Deine Merkliste ist noch leer',
    notAvailable: 'Dieses Profil ist gerade nicht verfügbar',
    greeting: 'Hallo, mir geht es ähnlich. Magst du schreiben?',
    acceptWords: 'Sehr gerne. Schön, dass du mir geschrieben hast.',
    acceptedWith: (n: string) => `${n} hat deine Anfrage angenommen und dir dazu geschrieben:`,
  },
  en: {
    onboardingTitle: 'Tell us a little about yourself',
    progress: (s: number) => `Step ${s} of 7`,
    required: 'This field is required',
    next: 'Next',
    finish: 'Done – see suggestions',
    suggestions: 'Suggestions for you',
    why: 'Why you match',
    ask: 'Ask to connect',
    send: 'Send request',
    message: 'Personal message (optional)',
    requests: 'One contact request for you',
    accept: 'Accept',
    acceptConfirm: 'Accept request',
    befriendedList: 'Your support partners',
    befriended: 'You are support partners',
    sentStatus: 'Request sent',
    requestFrom: (n: string) => `Request from ${n}`,
    watch: 'Save to watchlist',
    watchlist: 'Watchlist',
    hide: 'Hide',
    blocklist: 'Hidden profiles',
    unhide: 'Show again',
    watchEmpty: 'Your watchlist is still empty',
    notAvailable: 'This profile is not available right now',
    greeting: 'Hello, I feel the same. Would you like to write?',
    acceptWords: 'Gladly. I am glad you wrote to me.',
    acceptedWith: (n: string) => `${n} accepted your request and wrote to you:`,
  },
} as const;

// A language and loss per run, so members of other runs and journeys on the same server never match.
const uniqueMix: Record<string, Pick<Answers, 'languages' | 'loss_kind' | 'region'>> = {
  'de-mobile-375': { languages: ['tr'], loss_kind: ['pet'], region: ['de_bremen'] },
  'en-mobile-375': { languages: ['ar'], loss_kind: ['pregnancy'], region: ['de_saarland'] },
  'de-desktop-1280': { languages: ['ru'], loss_kind: ['sibling'], region: ['at'] },
  'en-desktop-1280': { languages: ['uk'], loss_kind: ['illness'], region: ['ch'] },
};

const SHOTS = process.env.MATCHING_SHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

async function idOf(request: APIRequestContext, token: string): Promise<number> {
  const me = await (
    await request.get('/api/profile/init', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  return me.id as number;
}

// A long journey through six screens with two browsers.
test.describe.configure({ timeout: 120_000 });

for (const lang of ['de', 'en'] as const) {
  test(`matching journey (${lang}): onboard, suggested with the reason, request live, befriend, hide`, async ({
    browser,
    request,
    baseURL,
  }, testInfo) => {
    runsIn(lang);
    const t = ui[lang];
    const mix = uniqueMix[`${lang}-${testInfo.project.name}`];
    if (!mix || !baseURL) throw new Error('unknown project');
    const nickA =
      lang === 'de' ? `Ilka${testInfo.project.name.slice(-3)}` : `Alex${testInfo.project.name.slice(-3)}`;
    const nickB =
      lang === 'de' ? `Jonas${testInfo.project.name.slice(-3)}` : `Sam${testInfo.project.name.slice(-3)}`;

    // B onboards through the API; A is verified and answers the questionnaire in the browser.
    const b = await onboardedMember(request, nickB, { ...mix, about: 'Ich höre gern zu.' });
    const tokensA = await createMember(request, {
      email: uniqueEmail(`match-${lang}`),
      password: PASSWORD,
      nickname: nickA,
      verified: true,
    });
    const aId = await idOf(request, tokensA.token);

    const pageA = (await openPage(browser, baseURL, lang, tokensA)).page;
    await pageA.goto('/onboarding');
    await expect(pageA.getByRole('heading', { level: 1, name: t.onboardingTitle })).toBeVisible();
    await expect(pageA.getByRole('heading', { name: t.progress(1) })).toBeVisible();
    await shot(pageA, `onboarding-${lang}`);
    await expectNoAxeViolations(pageA, 'member A');

    // Required questions are checked before sending.
    await pageA.getByRole('button', { name: t.next }).click();
    await expect(pageA.getByText(t.required).first()).toBeVisible();
    await expectNoAxeViolations(pageA, 'member A');

    const pick = (question: string, option: string) =>
      pageA.locator(`[data-question="${question}"] input[value="${option}"]`).check();
    const next = async (step: number) => {
      await pageA.getByRole('button', { name: step === 7 ? t.finish : t.next }).click();
      if (step < 7) await expect(pageA.getByRole('heading', { name: t.progress(step + 1) })).toBeVisible();
    };
    await pick('role', 'seeker');
    await next(1);
    await pick('loss_kind', mix.loss_kind?.[0] as string);
    await pick('loss_when', '3_12m');
    await next(2);
    await pick('support_kind', 'listening');
    await next(3);
    await pick('age_group', '36_50');
    await next(4);
    await next(5);
    await pick('region', mix.region?.[0] as string);
    await pick('languages', mix.languages?.[0] as string);
    await next(6);
    const about = pageA.getByRole('textbox');
    await about.fill('Ich vermisse jemanden sehr.');
    await expect(pageA.getByText(/27 \/ 500/)).toBeVisible();
    await shot(pageA, `onboarding-step7-${lang}`);
    await next(7);

    // A lands on the dashboard and sees B suggested with the reason.
    await expect(pageA).toHaveURL(/\/dashboard$/);
    const suggestions = pageA.locator('[data-section="suggestions"]');
    await expect(suggestions.getByRole('heading', { name: t.suggestions })).toBeVisible();
    const cardB = suggestions.locator(`[data-partner="${b.id}"]`);
    await expect(cardB.getByRole('heading', { name: nickB })).toBeVisible();
    await expect(cardB.getByText(t.why)).toBeVisible();
    await shot(pageA, `dashboard-${lang}`);
    await expectNoAxeViolations(pageA, 'member A');

    // B sees A suggested with the reason too.
    const pageB = (await openPage(browser, baseURL, lang, b)).page;
    await pageB.goto('/dashboard');
    const cardA = pageB.locator(`[data-section="suggestions"] [data-partner="${aId}"]`);
    await expect(cardA.getByRole('heading', { name: nickA })).toBeVisible();
    await expect(cardA.getByText(t.why)).toBeVisible();

    // A sends a request with a message from the suggestion card.
    await cardB.getByRole('button', { name: new RegExp(t.ask) }).click();
    const dialog = pageA.getByRole('dialog');
    await dialog.getByLabel(t.message).fill(t.greeting);
    await shot(pageA, `send-dialog-${lang}`);
    await expectNoAxeViolations(pageA, 'member A');
    await dialog.getByRole('button', { name: t.send }).click();
    await expect(dialog).toBeHidden();
    // The suggestion becomes an open request.
    await expect(pageA.locator(`[data-section="sent-requests"] [data-partner="${b.id}"]`)).toContainText(
      t.sentStatus,
    );

    // B sees it live, without reloading: the request with its message.
    const received = pageB.locator('[data-section="received-requests"]');
    await expect(received.getByRole('heading', { name: t.requests })).toBeVisible();
    await expect(received.getByText(t.greeting)).toBeVisible();
    await shot(pageB, `dashboard-request-${lang}`);
    await expectNoAxeViolations(pageB, 'member B');

    // The e-mail link's screen shows the same request.
    const linkPage = await pageB.context().newPage();
    await linkPage.goto(`/friend-request/${aId}`);
    await expect(linkPage.getByRole('heading', { name: t.requestFrom(nickA) })).toBeVisible();
    await expect(linkPage.getByText(t.greeting)).toBeVisible();
    await shot(linkPage, `friend-request-${lang}`);
    await expectNoAxeViolations(linkPage, 'friend-request link');
    await linkPage.close();

    // B accepts on the dashboard with a few words; both see each other as befriended, A without reloading.
    await received.getByRole('button', { name: new RegExp(`^${t.accept}`) }).click();
    await pageB.getByRole('dialog').getByLabel(t.message).fill(t.acceptWords);
    await pageB.getByRole('dialog').getByRole('button', { name: t.acceptConfirm }).click();
    await expect(pageB.locator('[data-section="befriended"]').getByText(nickA)).toBeVisible();
    await expect(pageA.locator('[data-section="befriended"]').getByText(nickB)).toBeVisible();

    // A's view of B's profile: befriended; A keeps B on the watchlist.
    await pageA
      .locator('[data-section="befriended"]')
      .getByRole('link', { name: new RegExp(nickB) })
      .click();
    await expect(pageA.getByRole('heading', { level: 1, name: nickB })).toBeVisible();
    await expect(pageA.getByText(t.befriended)).toBeVisible();
    // B's words arrived although A was not looking at them: on B's profile, in A's notification centre
    // and at the start of their conversation.
    const words = pageA.locator('[data-friend-words="accept"]');
    await expect(words).toContainText(t.acceptedWith(nickB));
    await expect(words).toContainText(t.acceptWords);
    await pageA.getByRole('button', { name: t.watch }).click();
    await shot(pageA, `profile-${lang}`);
    await expectNoAxeViolations(pageA, 'member A');
    await pageA.goto('/watchlist');
    await expect(pageA.locator(`[data-partner="${b.id}"]`)).toBeVisible();
    await shot(pageA, `watchlist-${lang}`);
    await expectNoAxeViolations(pageA, 'member A');
    await pageA.goto('/notifications');
    await expect(pageA.locator('[data-words]').filter({ hasText: t.acceptWords })).toBeVisible();
    await shot(pageA, `notifications-words-${lang}`);
    await expectNoAxeViolations(pageA, 'member A');
    await pageA.goto(`/chat/${b.id}`);
    await expect(pageA.getByRole('log').locator('[data-friend-words="accept"]')).toContainText(t.acceptWords);
    await shot(pageA, `chat-words-${lang}`);
    await expectNoAxeViolations(pageA, 'member A');

    // A hides B: B is listed on the hidden list and gone from A's lists and watchlist.
    await pageA.goto(`/profile/${b.id}`);
    await pageA.getByRole('button', { name: t.hide, exact: true }).click();
    await pageA.getByRole('dialog').getByRole('button', { name: t.hide, exact: true }).click();
    await expect(pageA).toHaveURL(/\/blocklist$/);
    await expect(pageA.locator(`[data-hidden-member="${b.id}"]`)).toBeVisible();
    await expect(pageA.getByRole('button', { name: new RegExp(t.unhide) })).toBeVisible();
    await shot(pageA, `blocklist-${lang}`);
    await expectNoAxeViolations(pageA, 'member A');
    await pageA.goto('/watchlist');
    await expect(pageA.getByRole('heading', { name: t.watchEmpty })).toBeVisible();
    await pageA.goto('/dashboard');
    await expect(pageA.getByRole('heading', { name: t.suggestions })).toBeVisible();
    await expect(pageA.locator(`[data-partner="${b.id}"]`)).toHaveCount(0);

    // B no longer has A in any list, and A's profile is not available to B.
    await pageB.reload();
    await expect(pageB.getByRole('heading', { name: t.suggestions })).toBeVisible();
    await expect(pageB.locator(`[data-partner="${aId}"]`)).toHaveCount(0);
    await pageB.goto(`/profile/${aId}`);
    await expect(pageB.getByRole('heading', { name: t.notAvailable })).toBeVisible();
    await expectNoAxeViolations(pageB, 'member B');

    await pageA.context().close();
    await pageB.context().close();
  });
}
