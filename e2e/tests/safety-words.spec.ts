import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { type Lang, openPage, runsIn } from '../support/journey.ts';
import { befriend, onboardedMember } from '../support/members.ts';

/** Unique answers keep other journeys' members out of these two's suggestions. */
const answers = { languages: ['pl'], region: ['de_thüringen'] };
const SHOTS = process.env.SAFETY_SHOTS_DIR;

const t = {
  de: {
    composer: (n: string) => `Nachricht an ${n}`,
    log: (n: string) => `Gespräch mit ${n}`,
    prompt: 'Möchtest du das wirklich so senden?',
    change: 'Ändern',
    sendAnyway: 'Trotzdem senden',
    hurtful: 'Stell dich nicht so an',
    question: 'Belastet dich diese Nachricht?',
    fine: 'Nein, alles gut',
    contact: 'Meine Nummer: 0170 1234567',
    note: 'Ein kurzer Gedanke zu eurer Sicherheit',
    reach: 'Wer darf mich erreichen?',
    sameLoss: 'Nur von Menschen mit einer ähnlichen Verlusterfahrung',
    days30: 'Mindestens 30 Tage',
    save: 'Speichern',
    saved: 'Gespeichert.',
  },
  en: {
    composer: (n: string) => `Message to ${n}`,
    log: (n: string) => `Conversation with ${n}`,
    prompt: 'Do you really want to send it like this?',
    change: 'Change',
    sendAnyway: 'Send anyway',
    hurtful: 'Just get over it',
    question: 'Does this message weigh on you?',
    fine: 'No, all good',
    contact: 'my number is +44 20 7946 0958',
    note: 'A short thought about your safety',
    reach: 'Who may reach me?',
    sameLoss: 'Only from people with a similar experience of loss',
    days30: 'At least 30 days',
    save: 'Save',
    saved: 'Saved.',
  },
} as const;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/safety-${name}-${test.info().project.name}.png` });
}

for (const lang of ['de', 'en'] as const satisfies Lang[]) {
  test(`safety words journey (${lang}): the send prompt, the quiet question, the off-platform note, who may reach me; axe clean`, async ({
    browser,
    request,
    baseURL,
  }, testInfo) => {
    runsIn(lang);
    // Two members, four screens and four axe checks: more than the default minute on a busy machine.
    test.setTimeout(120_000);
    const tag = `${lang}${testInfo.project.name.replace(/\W/g, '')}${Date.now() % 100000}`;
    const alma = await onboardedMember(request, `Alma${tag}`, answers);
    const bert = await onboardedMember(request, `Bert${tag}`, answers);
    await befriend(request, alma, bert);
    const T = t[lang];
    const a = await openPage(browser, baseURL as string, lang, alma);
    const b = await openPage(browser, baseURL as string, lang, bert);
    await a.page.goto(`/chat/${bert.id}`);
    await b.page.goto(`/chat/${alma.id}`);
    for (const p of [a.page, b.page]) {
      await expect(p.locator('[data-connection-state="connected"]')).toHaveCount(1, { timeout: 15_000 });
    }
    const aLog = a.page.getByRole('log', { name: T.log(bert.nickname) });
    const bLog = b.page.getByRole('log', { name: T.log(alma.nickname) });
    const composer = a.page.getByRole('textbox', { name: T.composer(bert.nickname) });

    // Hurtful words ask before anything leaves A's device; "Ändern" keeps the text to work on.
    await composer.fill(T.hurtful);
    await composer.press('Enter');
    const prompt = a.page.getByRole('region', { name: T.prompt });
    await expect(prompt.getByRole('button', { name: T.change })).toBeFocused();
    await expectNoAxeViolations(a.page, `/chat/:id send prompt (${lang})`);
    await shot(a.page, `prompt-${lang}`);
    await prompt.getByRole('button', { name: T.change }).click();
    await expect(prompt).toHaveCount(0);
    await expect(composer).toHaveValue(T.hurtful);
    await expect(bLog.getByText(T.hurtful)).toHaveCount(0);

    // A sends it anyway: B reads it with a quiet question under it, and "Nein, alles gut" hides it.
    await composer.press('Enter');
    await a.page.getByRole('button', { name: T.sendAnyway }).click();
    await expect(bLog.getByText(T.hurtful, { exact: true })).toBeVisible();
    await expect(bLog.getByText(T.question)).toBeVisible();
    await expect(aLog.getByText(T.question)).toHaveCount(0);
    await expectNoAxeViolations(b.page, `/chat/:id received question (${lang})`);
    await shot(b.page, `question-${lang}`);
    await bLog.getByRole('button', { name: T.fine }).click();
    await expect(bLog.getByText(T.question)).toHaveCount(0);

    // Contact details in the first days: the message arrives unchanged, and both read the note once.
    await composer.fill(T.contact);
    await composer.press('Enter');
    await expect(bLog.getByText(T.contact, { exact: true })).toBeVisible();
    for (const log of [aLog, bLog])
      await expect(log.getByRole('complementary', { name: T.note })).toHaveCount(1);
    await expectNoAxeViolations(b.page, `/chat/:id off-platform note (${lang})`);
    await shot(b.page, `note-${lang}`);

    // Who may reach B: only the same loss, accounts of 30 days at least; kept after a reload.
    await b.page.goto('/settings');
    const reach = b.page.getByRole('region', { name: T.reach });
    await reach.getByRole('checkbox', { name: T.sameLoss }).check();
    await reach.getByRole('radio', { name: T.days30 }).check();
    await reach.getByRole('button', { name: T.save }).click();
    await expect(reach.getByText(T.saved)).toBeVisible();
    await expectNoAxeViolations(b.page, `/settings who may reach me (${lang})`);
    await shot(b.page, `reach-${lang}`);
    await b.page.reload();
    await expect(
      b.page.getByRole('region', { name: T.reach }).getByRole('radio', { name: T.days30 }),
    ).toBeChecked();
    await a.context.close();
    await b.context.close();
  });
}
