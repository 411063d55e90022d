import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PusherLike } from '../../../lib/realtime.ts';
import { connectRealtime } from '../../../lib/realtime.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { buildUser } from '../../../test/factories.ts';
import { buildGroup, buildPost } from '../../../test/group-factories.ts';
import { jsonResponse, renderScreen, stubApi } from '../../../test/render.tsx';
import { GroupScreen } from './group-screen.tsx';

type Handler = (data: unknown) => void;
/** Just enough of pusher-js to fire a group channel's events. */
function fakePusher() {
  const channels = new Map<string, Map<string, Handler[]>>();
  const client: PusherLike = {
    connection: { bind: () => undefined, socket_id: '1.2' },
    subscribe: (name) => {
      const handlers = new Map<string, Handler[]>();
      channels.set(name, handlers);
      return {
        bind: (event, h) => handlers.set(event, [...(handlers.get(event) ?? []), h]),
        unbind: () => undefined,
      };
    },
    unsubscribe: () => undefined,
    disconnect: () => undefined,
  };
  const fire = (channel: string, event: string, data: unknown) =>
    act(() => {
      for (const h of channels.get(channel)?.get(event) ?? []) h(data);
    });
  return { client, fire, channels };
}

let answers: Record<string, () => Response>;
let fetchMock: ReturnType<typeof stubApi>;
let posts = [buildPost()];
beforeEach(() => {
  useUserStore.getState().setUser(buildUser({ id: 7 }));
  posts = [buildPost()];
  answers = {
    'GET /api/group/3': () => jsonResponse(200, buildGroup()),
    'GET /api/group/3/posts': () => jsonResponse(200, { data: posts, next_cursor: null }),
    'POST /api/group/3/seen': () => new Response(null, { status: 204 }),
  };
  fetchMock = stubApi(answers);
});
afterEach(() => vi.unstubAllGlobals());

const open = () => renderScreen(GroupScreen, { path: '/groups/:id', url: '/groups/3' });

describe('groups rule: content notes collapse a post for the reader', () => {
  it('a collapsed post shows only its notes and "anzeigen"; the text follows when asked', async () => {
    posts = [
      buildPost({ id: 11, title: 'Was mir geholfen hat', content_notes: ['suicide'], collapsed: true }),
      buildPost({ id: 12, title: 'Offener Beitrag', unread: true }),
    ];
    open();
    expect(await screen.findByRole('link', { name: 'Offener Beitrag' })).toBeInTheDocument();
    expect(screen.getByText('neu')).toBeInTheDocument();
    expect(screen.queryByText('Was mir geholfen hat')).not.toBeInTheDocument();
    expect(
      screen.queryByText('Heute ist es ein Jahr her.', { selector: 'article[aria-label] p' }),
    ).toBeNull();
    const collapsed = screen.getByRole('article', { name: 'Eingeklappter Beitrag' });
    expect(collapsed).toHaveTextContent('Suizid');
    await userEvent.click(screen.getByRole('button', { name: 'anzeigen' }));
    expect(screen.getByRole('link', { name: 'Was mir geholfen hat' })).toHaveAttribute(
      'href',
      '/groups/3/posts/11',
    );
  });

  it('the group is marked seen once its first page shows', async () => {
    open();
    await screen.findByRole('link', { name: 'Ein Jahr danach' });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url, init]) => url === '/api/group/3/seen' && init?.method === 'POST'),
      ).toBe(true),
    );
  });

  it('not a member: an invitation to join instead of the posts', async () => {
    answers['GET /api/group/3'] = () =>
      jsonResponse(200, buildGroup({ joined: false, notification_level: null }));
    open();
    expect(await screen.findByRole('heading', { name: 'Nur für Mitglieder' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Beitreten: Verlust eines Kindes' }).length).toBeGreaterThan(
      0,
    );
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/group/3/posts')).toBe(false);
  });
});

describe('live rule: new posts arrive as a polite banner, counted only when the API answers them for me', () => {
  it('counts a readable post of someone else, not a hidden one (404) nor my own; "anzeigen" loads them', async () => {
    const fake = fakePusher();
    const stop = connectRealtime({
      config: { key: 'k', cluster: 'eu', host: null, port: null, scheme: null },
      userId: 7,
      token: 't',
      createClient: () => fake.client,
    });
    answers['GET /api/post/20'] = () => jsonResponse(200, buildPost({ id: 20, title: 'Neu von Mara' }));
    answers['GET /api/post/21'] = () => jsonResponse(404, { message: 'Nicht gefunden.', code: 'not_found' });
    answers['GET /api/post/22'] = () => jsonResponse(200, buildPost({ id: 22, mine: true }));
    answers['GET /api/post/23'] = () => jsonResponse(200, buildPost({ id: 23, title: 'Noch einer' }));
    open();
    await screen.findByRole('link', { name: 'Ein Jahr danach' });
    await waitFor(() => expect(fake.channels.has('private-group_3')).toBe(true));

    for (const id of [20, 21, 22]) fake.fire('private-group_3', 'PostCreated', { post_id: id, group_id: 3 });
    const banner = await screen.findByRole('button', { name: '1 neuer Beitrag – anzeigen' });
    expect(banner.parentElement).toHaveAttribute('aria-live', 'polite');
    // Nothing moved: the list still holds only what was loaded.
    expect(screen.queryByRole('link', { name: 'Neu von Mara' })).not.toBeInTheDocument();

    fake.fire('private-group_3', 'PostCreated', { post_id: 23, group_id: 3 });
    fake.fire('private-group_3', 'PostCreated', { post_id: 23, group_id: 3 });
    expect(await screen.findByRole('button', { name: '2 neue Beiträge – anzeigen' })).toBeInTheDocument();

    posts = [
      buildPost({ id: 23, title: 'Noch einer' }),
      buildPost({ id: 20, title: 'Neu von Mara' }),
      buildPost(),
    ];
    await userEvent.click(screen.getByRole('button', { name: '2 neue Beiträge – anzeigen' }));
    expect(await screen.findByRole('link', { name: 'Neu von Mara' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /neue Beiträge/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Beiträge' })).toHaveFocus());
    stop();
  });
});
