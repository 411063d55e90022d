import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen, stubApi } from '../../../test/render.tsx';
import { WatchlistScreen } from './watchlist-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const entry = (id: number, nickname: string, about: string | null) => ({
  id,
  nickname,
  avatar: null,
  about,
  friend_status: 3,
  added_at: '2026-01-02T10:00:00.000Z',
});

describe('watchlist screen (one member row with the hidden list, issue 10)', () => {
  it('the name leads to the profile with the about text below; removing names the member', async () => {
    const jonas = entry(21, 'Jonas', 'Ich höre gern zu.');
    const deleted = entry(22, '', null);
    stubApi({
      'GET /api/user/watchlist': () => jsonResponse(200, [jonas, deleted]),
      'DELETE /api/user/watchlist/21': () => jsonResponse(200, [deleted]),
    });
    renderScreen(WatchlistScreen);

    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    const row = within(document.querySelector('[data-partner="21"]') as HTMLElement);
    expect(row.getByRole('link', { name: 'Jonas' })).toHaveAttribute('href', '/profile/21');
    expect(row.getByText('Ich höre gern zu.')).toBeInTheDocument();
    const gone = within(document.querySelector('[data-partner="22"]') as HTMLElement);
    expect(gone.getByRole('link', { name: 'Konto gelöscht' })).toHaveAttribute('href', '/profile/22');

    await userEvent.click(row.getByRole('button', { name: 'Entfernen Jonas' }));
    await vi.waitFor(() => expect(document.querySelector('[data-partner="21"]')).toBeNull());
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});
