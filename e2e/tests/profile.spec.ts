import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from '../support/axe.ts';
import { type Lang, openPage, runsIn } from '../support/journey.ts';
import { befriend, onboardedMember } from '../support/members.ts';

/** The visible texts of the profile journey, per language. */
const ui = {
  de: {
    title: 'Mein Profil',
    choose: 'Bild auswählen',
    previewAlt: 'Vorschau deines neuen Profilbilds',
    preview: /So wird dein Bild aussehen/,
    savePicture: 'Bild speichern',
    pictureAlt: 'Dein Profilbild',
    motto: 'Dein Motto',
    lossItem: 'Was du erlebt hast',
    nobody: 'Niemand',
    partnersOnly: 'Nur Trostpartner',
    save: 'Profil speichern',
    saved: 'Dein Profil ist gespeichert.',
    lossQuestion: 'Was hast du erlebt?',
    lossAnswer: 'Tod eines Haustiers',
    mottoText: 'Ein Tag nach dem anderen',
    mottoNew: 'Heute ist ein guter Tag',
  },
  en: {
    title: 'My profile',
    choose: 'Choose a picture',
    previewAlt: 'Preview of your new profile picture',
    preview: /This is how your picture will look/,
    savePicture: 'Save picture',
    pictureAlt: 'Your profile picture',
    motto: 'Your motto',
    lossItem: 'What you have been through',
    nobody: 'Nobody',
    partnersOnly: 'Support partners only',
    save: 'Save profile',
    saved: 'Your profile has been saved.',
    lossQuestion: 'What have you been through?',
    lossAnswer: 'Death of a pet',
    mottoText: 'One day at a time',
    mottoNew: 'Today is a good day',
  },
} as const;

// A language and region per run, so members of other journeys on the same server never match.
const mixOf: Record<Lang, { languages: string[]; region: string[]; loss_kind: string[] }> = {
  de: { languages: ['pl'], region: ['de_hamburg'], loss_kind: ['pet'] },
  en: { languages: ['ru'], region: ['de_saarland'], loss_kind: ['pet'] },
};

const SHOTS = process.env.PROFILE_SHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

test.describe.configure({ timeout: 120_000 });

for (const lang of ['de', 'en'] as const) {
  test(`profile journey (${lang}): avatar with preview, motto and visibility, the partner's view follows`, async ({
    browser,
    request,
    baseURL,
  }) => {
    runsIn(lang);
    const t = ui[lang];
    if (!baseURL) throw new Error('no baseURL');
    const suffix = Date.now().toString().slice(-4);
    const owner = await onboardedMember(
      request,
      lang === 'de' ? `Ilka${suffix}` : `Alex${suffix}`,
      mixOf[lang],
    );
    const partner = await onboardedMember(
      request,
      lang === 'de' ? `Jonas${suffix}` : `Sam${suffix}`,
      mixOf[lang],
    );
    await befriend(request, partner, owner);

    // The owner picks a photo (with GPS in it) and sees the square before saving.
    const page = (await openPage(browser, baseURL, lang, owner)).page;
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#6f95c2' } })
      .composite([
        {
          input: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#e2b04a' } })
            .png()
            .toBuffer(),
          left: 300,
          top: 150,
        },
      ])
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 33/1 0/1' } })
      .toBuffer();
    await page
      .getByLabel(t.choose)
      .setInputFiles({ name: 'urlaub.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByRole('img', { name: t.previewAlt })).toBeVisible();
    await expect(page.getByText(t.preview)).toBeVisible();
    await expectNoAxeViolations(page, `profile with preview (${lang})`);
    await shot(page, `profile-preview-${lang}`);
    await page.getByRole('button', { name: t.savePicture }).click();
    const saved = page.getByRole('img', { name: t.pictureAlt });
    await expect(saved).toBeVisible();
    await expect(saved).toHaveAttribute('src', /^blob:/);
    expect(await saved.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(
      512,
    );

    // Motto, and the loss shown to partners: the owner's choice (it is shown to nobody by default).
    await page.getByLabel(t.motto).fill(t.mottoText);
    await page.getByLabel(t.lossItem).selectOption({ label: t.partnersOnly });
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expectNoAxeViolations(page, `own profile (${lang})`);
    await shot(page, `profile-${lang}`);

    // The partner sees picture, motto and what the owner went through.
    const other = (await openPage(browser, baseURL, lang, partner)).page;
    await other.goto(`/profile/${owner.id}`);
    const card = other.locator('main');
    await expect(card.getByRole('heading', { level: 1, name: owner.nickname })).toBeVisible();
    await expect(card.getByText(t.mottoText)).toBeVisible();
    await expect(card.getByText(t.lossQuestion, { exact: true }).first()).toBeVisible();
    await expect(card.locator('dd', { hasText: t.lossAnswer }).first()).toBeVisible();
    await expect(card.locator('img[src^="blob:"]').first()).toBeVisible();
    await expectNoAxeViolations(other, `partner's view (${lang})`);
    await shot(other, `partner-view-before-${lang}`);

    // The owner changes the motto and shows the loss to nobody.
    await page.getByLabel(t.motto).fill(t.mottoNew);
    await page.getByLabel(t.lossItem).selectOption({ label: t.nobody });
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();

    // The partner's view follows.
    await other.reload();
    await expect(card.getByText(t.mottoNew)).toBeVisible();
    await expect(card.getByText(t.mottoText)).toHaveCount(0);
    await expect(card.locator('dd', { hasText: t.lossAnswer })).toHaveCount(0);
    await expect(card.getByText(t.lossAnswer)).toHaveCount(0);
    await expectNoAxeViolations(other, `partner's view after the change (${lang})`);
    await shot(other, `partner-view-after-${lang}`);
    await other.context().close();
    await page.context().close();
  });
}
