import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionView } from '@trostnetz/contracts/settings';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, renderScreen } from '../../../test/render.tsx';
import { SettingsScreen } from './settings-screen.tsx';

const fetchMock = vi.fn();
const session = (over: Partial<SessionView>): SessionView => ({
  id: '00000000-0000-4000-8000-000000000001',
  browser: 'Chrome',
  os: 'Android',
  device: 'mobile',
  device_model: null,
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: '2026-11-23T10:00:00.000Z',
  current: false,
  ...over,
});
const sessions = [
  session({
    id: '00000000-0000-4000-8000-00000000000a',
    browser: 'Firefox',
    os: 'Windows',
    device: 'desktop',
  }),
  session({ id: '00000000-0000-4000-8000-00000000000b', current: true }),
];

const noSubscription = {
  is_premium: false,
  premium_until: null,
  show_supporter_badge: true,
  subscription: null,
  receipts: [],
};
const running = {
  is_premium: true,
  premium_until: '2026-12-24T10:00:00.000Z',
  show_supporter_badge: true,
  subscription: {
    reference: 'PV-7K4M-Q2XP',
    plan: { id: 'premium-3m', months: 3, currency: 'eur', total_cents: 1797, per_month_cents: 599 },
    status: 'active',
    current_period_end: '2026-12-23T10:00:00.000Z',
    grace_until: null,
    ends_at: null,
    started_at: '2026-09-23T10:00:00.000Z',
  },
  receipts: [
    {
      number: 'Q-AAAA-BBBB',
      amount_cents: 1797,
      currency: 'eur',
      paid_at: '2026-09-23T10:00:00.000Z',
      period_end: null,
    },
  ],
};

/** Answers the screen's calls by path; records what was sent. */
function serve(overrides: Record<string, () => Response> = {}) {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (overrides[key]) return overrides[key]();
    if (key === 'GET /api/settings/me') return jsonResponse(200, { user: buildUser(), pending_email: null });
    if (key === 'GET /api/settings/sessions') return jsonResponse(200, { data: sessions });
    if (key === 'GET /api/payments/subscription') return jsonResponse(200, noSubscription);
    return new Response(null, { status: 204 });
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  useUserStore.getState().setUser(buildUser());
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('de');
});

describe('/settings', () => {
  it('lists the sessions with the current device first; ending another calls DELETE with its id', async () => {
    serve();
    renderScreen(SettingsScreen, { path: '/settings' });
    const list = await screen.findByRole('list', { name: 'Wo du angemeldet bist' });
    const items = await within(list).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Chrome auf Android');
    expect(items[0]).toHaveTextContent('Dieses Gerät');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    await userEvent.setup().click(within(list).getByRole('button', { name: 'Firefox auf Windows abmelden' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/settings/sessions/00000000-0000-4000-8000-00000000000a',
        expect.objectContaining({ method: 'DELETE' }),
      ),
    );
  });

  it('a wrong current password shows the server’s message on that field (English)', async () => {
    await i18n.changeLanguage('en');
    serve({
      'POST /api/settings/change-password': () =>
        jsonResponse(422, {
          message: 'Please check your input.',
          code: 'validation_failed',
          errors: { current_password: ['The password is not correct.'] },
        }),
    });
    renderScreen(SettingsScreen, { path: '/settings' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'not my password');
    await user.type(screen.getByLabelText('New password'), 'Kraniche ziehen im Herbst 9');
    await user.type(screen.getByLabelText('Repeat new password'), 'Kraniche ziehen im Herbst 9');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveClass('vee-invalid');
  });

  it('issue 14: the subscription section shows plan, period end and receipts; cancelling is one click', async () => {
    const cancelled = {
      ...running,
      subscription: { ...running.subscription, ends_at: '2026-12-23T10:00:00.000Z' },
    };
    serve({
      'GET /api/payments/subscription': () => jsonResponse(200, running),
      'POST /api/payments/subscription/cancel': () => jsonResponse(200, cancelled),
    });
    renderScreen(SettingsScreen, { path: '/settings' });
    const section = (await screen.findByRole('heading', { name: 'Premium und Verträge' })).closest(
      'section',
    )!;
    expect(await within(section).findByText('Premium für 3 Monate (17,97 €)')).toBeInTheDocument();
    expect(within(section).getByText('PV-7K4M-Q2XP')).toBeInTheDocument();
    expect(within(section).getByText('Verlängert sich am')).toBeInTheDocument();
    expect(within(section).getByText(/Q-AAAA-BBBB/)).toBeInTheDocument();
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Vertrag kündigen' }));
    expect(await within(section).findByText('Endet am')).toBeInTheDocument();
    expect(within(section).getByText('23. Dezember 2026')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Vertrag kündigen' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/payments/subscription/cancel',
      expect.objectContaining({ method: 'POST' }),
    );
  });
});
