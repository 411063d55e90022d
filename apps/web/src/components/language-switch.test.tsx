import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../lib/api-client.ts';
import { i18n, LOCALE_STORAGE_KEY } from '../lib/i18n.ts';
import { LanguageSwitch } from './language-switch.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('de');
});

describe('language switch', () => {
  it('German is the default; switching to English updates <html lang>, remembers it and sends Accept-Language', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={i18n}>
        <LanguageSwitch />
      </I18nextProvider>,
    );
    expect(document.documentElement.lang).toBe('de');
    expect(screen.getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group')).toHaveAccessibleName('Choose language');

    await apiRequest('/api/profile/last_seen', { method: 'POST' });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Deutsch' }));
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
  });
});
