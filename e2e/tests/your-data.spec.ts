import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import yauzl from 'yauzl';
import { expectNoAxeViolations } from '../support/axe.ts';
import { dataDir, type Lang, openPage, runsIn } from '../support/journey.ts';
import { type Answers, befriend, onboardedMember, PASSWORD } from '../support/members.ts';
import { pathOf, waitForLink } from '../support/outbox.ts';

/** Issue 11 "Your data": export and open index.html, delete the account, the partner's view, undo. */
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.artifacts', 'your-data');
const KEEP_LINK = /https?:\/\/[^\s"'<>]+\/keep-account\/[^\s"'<>?#]+/;

const ui = {
  de: {
    settings: 'Sicherheit',
    yourData: 'Deine Daten',
    download: 'Meine Daten herunterladen',
    downloadDone: 'Der Download hat begonnen.',
    exportTitle: (app: string) => `Deine Daten bei ${app}`,
    messages: 'Deine Nachrichten',
    deleteOpen: 'Konto löschen …',
    dialogTitle: 'Konto wirklich löschen?',
    password: 'Dein Passwort',
    submit: 'Konto löschen',
    wrongPassword: 'Das Passwort ist nicht korrekt.',
    doneTitle: 'Dein Konto ist verborgen',
    loginTitle: 'Anmelden',
    deletedAccount: 'Konto gelöscht',
    keepTitle: 'Konto behalten',
    keep: 'Mein Konto behalten',
    kept: 'Schön, dass du bleibst.',
  },
  en: {
    settings: 'Security',
    yourData: 'Your data',
    download: 'Download my data',
    downloadDone: 'The download has started.',
    exportTitle: (app: string) => `Your data at ${app}`,
    messages: 'Your messages',
    deleteOpen: 'Delete account …',
    dialogTitle: 'Really delete your account?',
    password: 'Your password',
    submit: 'Delete account',
    wrongPassword: 'The password is not correct.',
    doneTitle: 'Your account is hidden',
    loginTitle: 'Sign in',
    deletedAccount: 'Account deleted',
    keepTitle: 'Keep account',
    keep: 'Keep my account',
    kept: 'We are glad you are staying.',
  },
} as const;

const width = () => test.info().project.use.viewport?.width ?? 0;

async function shot(page: Page, lang: Lang, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${lang}-${width()}.png`), fullPage: true });
}

/** Every file of a ZIP, by name. */
function unzip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Answers no member of another journey shares, so nobody else is suggested to them. */
const apart = (loss: string): Answers => ({ languages: ['uk'], region: ['de_saarland'], loss_kind: [loss] });

test.describe.configure({ timeout: 180_000 });

for (const lang of ['de', 'en'] as const) {
  test(`issue 11: export and read index.html, delete the account, the partner sees it deleted, undo (${lang})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    runsIn(lang);
    const t = ui[lang];
    const tag = `${lang}${Date.now() % 100000}`;
    const loss = lang === 'de' ? 'sibling' : 'child';
    const alma = await onboardedMember(request, `Alma${tag}`, apart(loss));
    const bert = await onboardedMember(request, `Bert${tag}`, apart(loss));
    await befriend(request, alma, bert);
    const sent = await request.post(`/api/chat/${bert.id}/send`, {
      data: { message: 'Danke <b>für</b> gestern & alles' },
      headers: { authorization: `Bearer ${alma.token}` },
    });
    expect(sent.status(), await sent.text()).toBe(200);

    // Alma downloads her data from /settings and opens index.html from the ZIP.
    const a = await openPage(browser, baseURL as string, lang, alma, { acceptDownloads: true });
    await a.page.goto('/settings');
    await expect(a.page.getByRole('heading', { level: 1, name: t.settings })).toBeVisible();
    await expect(a.page.getByRole('heading', { level: 2, name: t.yourData })).toBeVisible();
    await expectNoAxeViolations(a.page, 'settings with your data');
    await shot(a.page, lang, 'settings');
    const downloading = a.page.waitForEvent('download');
    await a.page.getByRole('button', { name: t.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^trostnetz-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(a.page.getByText(t.downloadDone)).toBeVisible();
    const zipPath = test.info().outputPath('export.zip');
    await download.saveAs(zipPath);
    const files = await unzip(zipPath);
    expect([...files.keys()]).toEqual(['data.json', 'index.html']);
    const data = JSON.parse(files.get('data.json')!.toString('utf8'));
    expect(data.account.user.email).toBe(alma.email);
    expect(JSON.stringify(data)).not.toContain(bert.email);
    const htmlPath = test.info().outputPath('index.html');
    writeFileSync(htmlPath, files.get('index.html')!);
    const reader = await a.context.newPage();
    await reader.goto(`file://${htmlPath}`);
    await expect(reader.getByRole('heading', { level: 1, name: t.exportTitle('Trostnetz') })).toBeVisible();
    await expect(reader.getByRole('heading', { level: 2, name: t.messages })).toBeVisible();
    await expect(reader.getByText('Danke <b>für</b> gestern & alles')).toBeVisible();
    await expectNoAxeViolations(reader, 'export index.html');
    await shot(reader, lang, 'export-index');
    await reader.close();
    expect(readFileSync(htmlPath, 'utf8')).not.toContain('<b>für</b>');

    // Alma deletes her account: a wrong password first, then the right one.
    await a.page.getByRole('button', { name: t.deleteOpen }).click();
    const dialog = a.page.getByRole('dialog', { name: t.dialogTitle });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(a.page, 'delete dialog');
    await shot(a.page, lang, 'delete-dialog');
    await dialog.getByLabel(t.password).fill('nicht mein Passwort 1');
    await dialog.getByRole('button', { name: t.submit }).click();
    await expect(dialog.getByText(t.wrongPassword)).toBeVisible();
    await dialog.getByLabel(t.password).fill(PASSWORD);
    await dialog.getByRole('button', { name: t.submit }).click();
    await expect(a.page).toHaveURL(/\/account-deleted$/);
    await expect(a.page.getByRole('heading', { level: 1, name: t.doneTitle })).toBeVisible();
    await expectNoAxeViolations(a.page, 'account deleted');
    await shot(a.page, lang, 'delete-done');

    // Bert's list shows the deleted state at once.
    const b = await openPage(browser, baseURL as string, lang, bert, { acceptDownloads: true });
    await b.page.goto('/chat');
    await expect(b.page.getByText(t.deletedAccount).first()).toBeVisible();
    await expect(b.page.getByText(alma.nickname)).toHaveCount(0);
    await shot(b.page, lang, 'partner-sees-deleted');

    // The mail's link keeps the account; Bert sees Alma again.
    const link = pathOf(await waitForLink(dataDir(), alma.email, KEEP_LINK));
    await a.page.goto(link);
    await expect(a.page.getByRole('heading', { level: 1, name: t.keepTitle })).toBeVisible();
    await expectNoAxeViolations(a.page, 'keep account');
    await a.page.getByRole('button', { name: t.keep }).click();
    await expect(a.page.getByText(t.kept)).toBeVisible();
    await shot(a.page, lang, 'kept');
    await b.page.reload();
    await expect(b.page.getByText(alma.nickname).first()).toBeVisible();
    const login = await request.post('/api/auth/tokens', {
      data: { username: alma.email, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    await a.context.close();
    await b.context.close();
  });
}
