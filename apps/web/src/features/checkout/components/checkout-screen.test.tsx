import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, renderScreen } from '../../../test/render.tsx';
import { CheckoutScreen } from './checkout-screen.tsx';

const fetchMock = vi.fn();
const plans = [
  { id: 'premium-1m', months: 1, currency: 'eur', total_cents: 699, per_month_cents: 699 },
  { id: 'premium-3m', months: 3, currency: 'eur', total_cents: 1797, per_month_cents: 599 },
];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (url === '/api/payments/plans') return jsonResponse(200, plans);
    if (url === '/api/payments/checkout' && init?.method === 'POST') {
      return jsonResponse(200, {
        url: '/checkout/test-provider/cs_test_abcdefgh',
        session_id: 'cs_test_abcdefgh',
      });
    }
    return new Response(null, { status: 404 });
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
  await i18n.changeLanguage('de');
});

describe('issue 14 checkout (§ 312j, § 356 (4) BGB)', () => {
  it('a guest sees plan, total, renewal and how to cancel, and registers or signs in right here', async () => {
    useUserStore.getState().reset();
    renderScreen(CheckoutScreen, { path: '/checkout/:plan_id', url: '/checkout/premium-3m' });
    expect(await screen.findByTestId('checkout-total')).toHaveTextContent(
      '17,97 € für 3 Monate, inkl. MwSt., im Voraus',
    );
    expect(
      screen.getByText('Verlängert sich jeweils um 3 Monate zu 17,97 €, bis du kündigst.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/ohne Anmeldung über „Verträge hier kündigen“/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Konto erstellen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zahlungspflichtig bestellen' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ich habe schon ein Konto' }));
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
  });

  it('a member orders with “Zahlungspflichtig bestellen” only after asking for the immediate start; links to conditions, revocation, privacy', async () => {
    useUserStore.getState().setUser(buildUser({ is_verified: false }));
    const { router } = renderScreen(CheckoutScreen, {
      path: '/checkout/:plan_id',
      url: '/checkout/premium-1m',
    });
    const order = await screen.findByRole('button', { name: 'Zahlungspflichtig bestellen' });
    for (const [name, href] of [
      ['Nutzungsbedingungen', '/conditions'],
      ['Widerrufsbelehrung', '/revocation'],
      ['Datenschutzerklärung', '/privacy'],
    ]) {
      const links = screen.getAllByRole('link', { name: new RegExp(`^${name}`) });
      for (const link of links) expect(link).toHaveAttribute('href', href);
    }
    const user = userEvent.setup();
    await user.click(order);
    expect(await screen.findByText(/Bitte bestätige, dass Premium sofort beginnen soll/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/payments/checkout', expect.anything());
    await user.click(screen.getByRole('checkbox', { name: /Premium sofort beginnt/ }));
    await user.click(order);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/checkout/test-provider/cs_test_abcdefgh'),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/payments/checkout')!;
    expect(JSON.parse(String(init.body))).toEqual({ plan_id: 'premium-1m', immediate_start: true });
  });
});
