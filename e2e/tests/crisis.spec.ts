import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { openPage, runsIn } from '../support/journey.ts';

/**
 * DESIGN.md §7, issue 13: crisis help is one tap away on the first screen. The dialog's code is fetched when
 * the button is first used, not with the screen; the button works at once all the same.
 */
test('crisis rule: on a first visit to /login the crisis button opens the lines at once; Escape closes them and focus returns', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await openPage(browser, baseURL as string, 'de');
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const button = page.getByRole('button', { name: /^(Hilfe in der Krise|Krisenhilfe)$/ }).first();
  await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Hilfe in der Krise' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link')).toHaveCount(4);
  expect(
    await dialog.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
  ).toEqual(['tel:+498001110111', 'tel:+498001110222', 'tel:116123', 'tel:112']);
  await expectNoAxeViolations(page, 'crisis dialog on /login');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('aria-haspopup', 'dialog');
  await expect(focused).toHaveAttribute('aria-expanded', 'false');
  // Opened again, from the keyboard.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await context.close();
});

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.artifacts', 'crisis');
const crisisName = { de: 'Hilfe in der Krise', en: 'Help in a crisis' } as const;
/** The header's button: its short name on narrow screens, the full one from 1024 px. */
const headerButton = {
  de: /^(Hilfe in der Krise|Krisenhilfe)$/,
  en: /^(Help in a crisis|Crisis help)$/,
} as const;

for (const lang of ['de', 'en'] as const) {
  test(`crisis help one tap away for guests (${lang}): in the header at first sight on login, register, a guest page and a page that does not exist`, async ({
    browser,
    baseURL,
  }) => {
    runsIn(lang);
    const { context, page } = await openPage(browser, baseURL as string, lang);
    mkdirSync(SHOTS, { recursive: true });
    const projectWidth = page.viewportSize()?.width ?? 0;
    // The narrowest phones too (320 px), beside the project's own width.
    for (const width of projectWidth < 400 ? [320, projectWidth] : [projectWidth])
      for (const url of ['/login', '/register', '/faq', '/gibt-es-nicht']) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const button = page.getByRole('banner').getByRole('button', { name: headerButton[lang] });
        await expect(button, url).toBeInViewport();
        // The header still fits: nothing scrolls sideways at 375 px.
        expect(
          await page.evaluate(
            () =>
              (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
                .documentElement.scrollWidth,
          ),
          url,
        ).toBeLessThanOrEqual(width);
        await page.screenshot({
          path: path.join(SHOTS, `guest-header${url.replace(/\//g, '-')}-${lang}-${width}.png`),
        });
      }
    await page.getByRole('banner').getByRole('button', { name: headerButton[lang] }).click();
    await expect(page.getByRole('dialog', { name: crisisName[lang] })).toBeVisible();
    await context.close();
  });
}
