import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { openPage } from '../support/journey.ts';

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
