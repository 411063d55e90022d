import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { type Lang, openPage, runsIn } from '../support/journey.ts';
import { befriend, onboardedMember } from '../support/members.ts';

/** Unique answers keep other journeys' members out of these two's suggestions. */
const answers = { languages: ['pl'], region: ['de_bremen'] };
const SHOTS = process.env.CHAT_SHOTS_DIR;

const t = {
  de: {
    composer: (n: string) => `Nachricht an ${n}`,
    log: (n: string) => `Gespräch mit ${n}`,
    options: 'Optionen zur Nachricht',
    edit: 'Bearbeiten',
    editField: 'Nachricht bearbeiten',
    save: 'Speichern',
    edited: 'bearbeitet',
    del: 'Löschen',
    delConfirm: 'Endgültig löschen',
    deleted: 'Nachricht gelöscht',
    report: 'Melden',
    contactHint: 'Pass gut auf dich auf',
  },
  en: {
    composer: (n: string) => `Message to ${n}`,
    log: (n: string) => `Conversation with ${n}`,
    options: 'Message options',
    edit: 'Edit',
    editField: 'Edit message',
    save: 'Save',
    edited: 'edited',
    del: 'Delete',
    delConfirm: 'Delete for good',
    deleted: 'Message deleted',
    report: 'Report',
    contactHint: 'Take good care of yourself',
  },
} as const;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/chat-edit-${name}-${test.info().project.name}.png` });
}

for (const lang of ['de', 'en'] as const satisfies Lang[]) {
  test(`chat edit journey (${lang}): A corrects and deletes a message, B follows live; safety hint; axe clean`, async ({
    browser,
    request,
    baseURL,
  }, testInfo) => {
    runsIn(lang);
    test.setTimeout(60_000);
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

    // A new partnership: contact details in the composer bring a gentle hint, nothing is blocked.
    const composer = a.page.getByRole('textbox', { name: T.composer(bert.nickname) });
    await composer.fill('Mein insta: alma_s');
    await expect(a.page.getByRole('complementary', { name: T.contactHint })).toBeVisible();
    await shot(a.page, `hint-${lang}`);
    await composer.fill('Ich bin heute so traurgi.');
    await expect(a.page.getByRole('complementary', { name: T.contactHint })).toHaveCount(0);
    await composer.press('Enter');
    await expect(bLog.getByText('Ich bin heute so traurgi.', { exact: true })).toBeVisible();

    // A corrects the typo: B sees the new text marked as edited, live.
    await aLog.getByRole('button', { name: T.options }).click();
    await aLog.getByRole('button', { name: T.edit }).click();
    const editField = aLog.getByRole('textbox', { name: T.editField });
    await expect(editField).toBeFocused();
    await editField.fill('Ich bin heute so traurig.');
    await aLog.getByRole('button', { name: T.save }).click();
    await expect(aLog.getByText('Ich bin heute so traurig.', { exact: true })).toBeVisible();
    await expect(bLog.getByText('Ich bin heute so traurig.', { exact: true })).toBeVisible();
    await expect(bLog.getByText(T.edited)).toBeVisible();
    await expect(bLog.getByText('traurgi')).toHaveCount(0);
    await shot(b.page, `edited-${lang}`);

    // B can report A's message (the option is there), not edit or delete it.
    await bLog.getByRole('button', { name: T.options }).click();
    await expect(bLog.getByRole('button', { name: T.report })).toBeVisible();
    await expect(bLog.getByRole('button', { name: T.edit })).toHaveCount(0);
    await expectNoAxeViolations(b.page, `/chat/:id options (${lang})`);

    // A deletes it: both see "Nachricht gelöscht", the text is gone from B's screen, live.
    await aLog.getByRole('button', { name: T.options }).click();
    await aLog.getByRole('button', { name: T.del }).click();
    await expectNoAxeViolations(a.page, `/chat/:id delete dialog (${lang})`);
    await shot(a.page, `delete-dialog-${lang}`);
    await a.page.getByRole('dialog').getByRole('button', { name: T.delConfirm }).click();
    await expect(aLog.getByText(T.deleted)).toBeVisible();
    await expect(bLog.getByText(T.deleted)).toBeVisible();
    await expect(bLog.getByText('Ich bin heute so traurig.')).toHaveCount(0);
    await expect(bLog.getByRole('button', { name: T.options })).toHaveCount(0);
    await shot(b.page, `deleted-${lang}`);
    await expectNoAxeViolations(b.page, `/chat/:id deleted (${lang})`);

    // A reload keeps it deleted (the server has no text any more).
    await b.page.reload();
    await expect(b.page.getByRole('log', { name: T.log(alma.nickname) }).getByText(T.deleted)).toBeVisible();
    await a.context.close();
    await b.context.close();
  });
}
