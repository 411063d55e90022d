import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedItem } from '@trostnetz/contracts/groups';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen, stubApi } from '../../../test/render.tsx';
import { GroupFeeds } from './group-feeds.tsx';

const item = (
  id: number,
  overrides: Partial<FeedItem['post']> = {},
  comment: FeedItem['comment'] = null,
): FeedItem => ({
  post: {
    id,
    group_id: 3,
    group_name: 'Verlust eines Kindes',
    title: `Beitrag ${id}`,
    content_notes: [],
    collapsed: false,
    author: { id: 40, nickname: 'Mara', avatar: null },
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  },
  comment,
});

let fetchMock: ReturnType<typeof stubApi>;
beforeEach(() => {
  fetchMock = stubApi({
    'GET /api/dashboard/feeds': () =>
      jsonResponse(200, {
        replies: [
          item(
            1,
            {},
            {
              id: 9,
              author: { id: 41, nickname: 'Jonas', avatar: null },
              created_at: '2026-11-21T10:00:00.000Z',
              excerpt: 'Danke, dass du das teilst',
            },
          ),
        ],
        partner_posts: [],
        loss_posts: [
          item(2),
          item(3, { collapsed: true, content_notes: ['suicide'], title: 'Geheim' }),
          item(4),
        ],
      }),
    'GET /api/dashboard/feeds/loss_posts': () =>
      jsonResponse(200, { data: [item(2), item(4), item(5), item(6)], next_cursor: null }),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('dashboard feeds rule: three feeds, at most three items, more on request', () => {
  it('shows replies with their excerpt, a calm empty state, and collapsed posts only as their notes', async () => {
    renderScreen(GroupFeeds, { path: '/dashboard' });
    const replies = (await screen.findByRole('heading', { name: 'Antworten auf deine Beiträge' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(replies).getByText('Jonas hat dir geantwortet')).toBeInTheDocument();
    expect(within(replies).getByRole('link', { name: 'Beitrag 1' })).toHaveAttribute(
      'href',
      '/groups/3/posts/1',
    );
    expect(within(replies).getByText(/Danke, dass du das teilst/)).toBeInTheDocument();

    const partners = screen
      .getByRole('heading', { name: 'Neues von deinen Trostpartnern' })
      .closest('section')!;
    expect(partners).toHaveTextContent('noch nichts geschrieben');

    const loss = screen.getByRole('heading', { name: 'Aus Gruppen zu deinem Verlust' }).closest('section')!;
    expect(within(loss).queryByText('Geheim')).not.toBeInTheDocument();
    expect(within(loss).getByText('Suizid')).toBeInTheDocument();
    await userEvent.click(within(loss).getByRole('button', { name: 'anzeigen' }));
    expect(within(loss).getByRole('link', { name: 'Geheim' })).toBeInTheDocument();
  });

  it('"Mehr anzeigen" pages the feed in place', async () => {
    renderScreen(GroupFeeds, { path: '/dashboard' });
    const loss = (await screen.findByRole('heading', { name: 'Aus Gruppen zu deinem Verlust' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(loss).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(within(loss).getByRole('button', { name: 'Mehr anzeigen' }));
    expect(await within(loss).findByRole('link', { name: 'Beitrag 6' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/dashboard/feeds/loss_posts')).toBe(true);
    // Sections with fewer than three items have nothing more to show.
    const replies = screen.getByRole('heading', { name: 'Antworten auf deine Beiträge' }).closest('section')!;
    expect(within(replies).queryByRole('button', { name: 'Mehr anzeigen' })).not.toBeInTheDocument();
  });
});
