import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen, stubApi } from '../../../test/render.tsx';
import { BlocklistScreen } from './blocklist-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('hidden list screen (one member row with the watchlist, issue 10)', () => {
  it('the name without a link, the day it was hidden; showing again names the member and empties the list', async () => {
    const hidden = [
      { id: 3, userId: 21, nickname: 'Jonas', avatar: null, created_at: '2026-01-02T10:00:00.000Z' },
    ];
    const api = {
      'GET /api/user/blocklist/all': () => jsonResponse(200, hidden),
      'DELETE /api/block/3': () => new Response(null, { status: 204 }),
    };
    stubApi(api);
    renderScreen(BlocklistScreen);

    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    const row = within(document.querySelector('[data-hidden-member="21"]') as HTMLElement);
    expect(row.queryByRole('link')).toBeNull();
    expect(row.getByText('Jonas')).toBeInTheDocument();
    expect(row.getByText('Ausgeblendet am 02.01.2026')).toBeInTheDocument();

    api['GET /api/user/blocklist/all'] = () => jsonResponse(200, []);
    await userEvent.click(row.getByRole('button', { name: 'Wieder einblenden Jonas' }));
    expect(
      await screen.findByRole('heading', { name: 'Du hast niemanden ausgeblendet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Übersicht' })).toHaveAttribute('href', '/dashboard');
  });
});
