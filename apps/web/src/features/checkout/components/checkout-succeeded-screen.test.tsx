import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderScreen } from '../../../test/render.tsx';
import { CheckoutSucceededScreen } from './checkout-succeeded-screen.tsx';

afterEach(async () => {
  await i18n.changeLanguage('de');
});

describe('issue 9 item 17: /checkout-succeeded thanks nobody for a purchase that never happened', () => {
  it.each([
    ['de', /danke|kauf(?!t)|zahlung wird/i, 'Es wurde nichts gekauft', 'Zu Premium'],
    ['en', /thank|purchase(?! was)|payment is being/i, 'No purchase was made', 'To Premium'],
  ] as const)('%s: says calmly that nothing was bought and leads to /premium', async (lang, claim, title, link) => {
    await i18n.changeLanguage(lang);
    renderScreen(CheckoutSucceededScreen, { path: '/checkout-succeeded' });
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', '/premium');
    expect(document.body.textContent).not.toMatch(claim);
    // The route title (tab title) claims no purchase either.
    expect(i18n.t('checkout:titles.checkout-succeeded')).not.toMatch(claim);
  });
});
