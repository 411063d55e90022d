import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { realtimeBus } from '../../lib/realtime.ts';
import { buildPartner } from '../../test/chat-factories.ts';
import { partnersQueryKey } from '../partners/partners.ts';
import {
  followFriendshipEvents,
  profileQueryKey,
  suggestionsQueryKey,
  watchlistQueryKey,
} from './friendship.ts';

/**
 * Every view that shows a friendship status: the partner list (dashboard lists, friend-request screen,
 * chat list and header), suggestions, a profile, the watchlist. Each is watched as a screen would.
 */
const views = {
  partners: partnersQueryKey,
  suggestions: suggestionsQueryKey,
  profile: profileQueryKey(21),
  watchlist: watchlistQueryKey,
  conversation: ['chat', 'conversation', 21],
} as const;

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

async function watchEveryView() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const fetched: Record<string, number> = {};
  for (const [name, queryKey] of Object.entries(views)) {
    fetched[name] = 0;
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn: async () => {
        fetched[name] = (fetched[name] ?? 0) + 1;
        return [];
      },
    });
    stops.push(observer.subscribe(() => {}));
  }
  await expect.poll(() => Object.values(fetched).every((n) => n === 1)).toBe(true);
  return { client, fetched };
}

describe('issue 9 item 15: live friendship events refresh every screen that shows a status, from one place', () => {
  it.each([
    ['FriendRequestConfirmation', { contact: buildPartner(), friend_status: 2, message: null }],
    ['PartnerStatusChanged', { status: 3, user_id: 7, foreign_user_id: 21, message: null }],
    ['NewChatContact', { contact: buildPartner({ friend_status: 1 }), friend_status: 1 }],
  ] as const)('%s refetches the partner list, suggestions, profiles, the watchlist and an open conversation', async (event, payload) => {
    const { client, fetched } = await watchEveryView();
    stops.push(followFriendshipEvents(client));
    realtimeBus.emit(event, payload);
    await expect
      .poll(() => fetched)
      .toEqual({
        partners: 2,
        suggestions: 2,
        profile: 2,
        watchlist: 2,
        conversation: 2,
      });
  });

  it('after the cleanup (logout) events refresh nothing', async () => {
    const { client, fetched } = await watchEveryView();
    followFriendshipEvents(client)();
    realtimeBus.emit('FriendRequestConfirmation', {
      contact: buildPartner(),
      friend_status: 2,
      message: null,
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(fetched).toEqual({ partners: 1, suggestions: 1, profile: 1, watchlist: 1, conversation: 1 });
  });
});
