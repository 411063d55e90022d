import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { jsonResponse, renderScreen } from '../../../test/render.tsx';
import { EmailConfirmScreen, EmailUndoScreen } from './email-link-screen.tsx';

const fetchMock = vi.fn();
const token = `eu_${'A'.repeat(43)}`;
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('de');
});

describe('the links of the e-mail change', () => {
  it('undo: posts the token once and shows the answer with the way back to sign-in', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'Die Änderung ist rückgängig gemacht.' }));
    renderScreen(EmailUndoScreen, {
      path: '/settings/email/undo/:token',
      url: `/settings/email/undo/${token}`,
    });
    expect(await screen.findByText('Die Änderung ist rückgängig gemacht.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/login');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/settings/email/undo');
    expect(JSON.parse(init.body as string)).toEqual({ token });
  });

  it('an expired link says so clearly (English) and offers customer service', async () => {
    await i18n.changeLanguage('en');
    fetchMock.mockResolvedValue(jsonResponse(410, { message: 'x', code: 'link_expired' }));
    renderScreen(EmailConfirmScreen, {
      path: '/settings/email/confirm/:token',
      url: `/settings/email/confirm/${token}`,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired. If you need help, write to our customer service.',
    );
    expect(screen.getByRole('link', { name: 'To customer service' })).toHaveAttribute(
      'href',
      '/customer-service',
    );
  });
});
