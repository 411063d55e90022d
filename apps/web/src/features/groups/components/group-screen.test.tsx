import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConsentStore } from '../../../lib/consent.ts';
import type { PusherLike } from '../../../lib/realtime.ts';
import { connectRealtime } from '../../../lib/realtime.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { setTrackingSink } from '../../../lib/track.ts';
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
  }, 15_000); // The first screen of the file pays for loading its modules.

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
    await waitFor(() => expect(fake.channels.has('private-user_7_group_3')).toBe(true));

    for (const id of [20, 21, 22])
      fake.fire('private-user_7_group_3', 'PostCreated', { post_id: id, group_id: 3 });
    const banner = await screen.findByRole('button', { name: '1 neuer Beitrag – anzeigen' });
    expect(banner.parentElement).toHaveAttribute('aria-live', 'polite');
    // Nothing moved: the list still holds only what was loaded.
    expect(screen.queryByRole('link', { name: 'Neu von Mara' })).not.toBeInTheDocument();

    fake.fire('private-user_7_group_3', 'PostCreated', { post_id: 23, group_id: 3 });
    fake.fire('private-user_7_group_3', 'PostCreated', { post_id: 23, group_id: 3 });
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

describe('live rule: nothing written while the screen joins the channel is missed', () => {
  it('once subscribed, a post written after the list loaded but before the subscription is announced; one already shown is not', async () => {
    const fake = fakePusher();
    const stop = connectRealtime({
      config: { key: 'k', cluster: 'eu', host: null, port: null, scheme: null },
      userId: 7,
      token: 't',
      createClient: () => fake.client,
    });
    open();
    await screen.findByRole('link', { name: 'Ein Jahr danach' });
    const list = screen.getByRole('heading', { name: 'Beiträge' }).closest('section');
    expect(list).toHaveAttribute('data-live-state', 'joining');
    // Meanwhile someone wrote post 30, someone else's post 31 was hidden from me (not in my list), 32 is mine.
    posts = [
      buildPost({ id: 30, title: 'Geschrieben, während ich kam' }),
      buildPost({ id: 32, mine: true }),
      ...posts,
    ];
    fake.fire('private-user_7_group_3', 'pusher:subscription_succeeded', {});
    expect(await screen.findByRole('button', { name: '1 neuer Beitrag – anzeigen' })).toBeInTheDocument();
    expect(list).toHaveAttribute('data-live-state', 'subscribed');
    // Its live event arriving as well counts it once.
    answers['GET /api/post/30'] = () => jsonResponse(200, buildPost({ id: 30 }));
    fake.fire('private-user_7_group_3', 'PostCreated', { post_id: 30, group_id: 3 });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByRole('button', { name: '1 neuer Beitrag – anzeigen' })).toBeInTheDocument();
    stop();
  });
});

describe('statistics rule (SPEC.md §7): "group post published", only with consent, no text and no ids', () => {
  it('publishing a post records the event without data; nothing without consent', async () => {
    const sink = vi.fn();
    setTrackingSink(sink);
    answers['POST /api/post'] = () =>
      jsonResponse(201, buildPost({ id: 30, mine: true, title: 'Mein Titel' }));
    const publish = async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Beitrag schreiben' }));
      await userEvent.type(screen.getByLabelText('Titel'), 'Mein Titel');
      await userEvent.type(screen.getByLabelText('Dein Text'), 'Ein paar Worte.');
      await userEvent.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
      await screen.findByText('Dein Beitrag ist veröffentlicht.');
    };
    useConsentStore.setState({ choice: null });
    const first = open();
    await publish();
    expect(sink).not.toHaveBeenCalled();
    first.unmount();

    useConsentStore.getState().decide(true);
    open();
    await publish();
    expect(sink).toHaveBeenCalledTimes(1);
    expect(sink).toHaveBeenCalledWith('group_post_published', undefined);
    const sent = fetchMock.mock.calls.find(([url, init]) => url === '/api/post' && init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      group_id: 3,
      title: 'Mein Titel',
      message: 'Ein paar Worte.',
      content_notes: [],
    });
    setTrackingSink(null);
    useConsentStore.setState({ choice: null });
  });
});
