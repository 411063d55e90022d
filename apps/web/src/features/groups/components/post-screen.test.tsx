import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectRealtime } from '../../../lib/realtime.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { buildUser } from '../../../test/factories.ts';
import { fakePusher } from '../../../test/fake-pusher.ts';
import { buildComment, buildPost } from '../../../test/group-factories.ts';
import { jsonResponse, renderScreen, stubApi } from '../../../test/render.tsx';
import { PostScreen } from './post-screen.tsx';

let answers: Record<string, () => Response>;
let fetchMock: ReturnType<typeof stubApi>;
beforeEach(() => {
  useUserStore.getState().setUser(buildUser({ id: 7 }));
  answers = {
    'GET /api/post/10': () => jsonResponse(200, buildPost()),
    'GET /api/post/10/comments': () => jsonResponse(200, { data: [], next_cursor: null }),
    'POST /api/post/10/seen': () => new Response(null, { status: 204 }),
  };
  fetchMock = stubApi(answers);
});
afterEach(() => vi.unstubAllGlobals());

const open = () => renderScreen(PostScreen, { path: '/groups/:id/posts/:postId', url: '/groups/3/posts/10' });
const me = { id: 7, nickname: 'Anna', avatar: null };

describe('edit rule: own posts are edited within the window (can_edit), deleted at any time (can_delete)', () => {
  it('inside the window: Bearbeiten and Löschen; the edit is sent and shows "bearbeitet"', async () => {
    answers['GET /api/post/10'] = () =>
      jsonResponse(200, buildPost({ author: me, mine: true, can_edit: true, can_delete: true }));
    answers['PATCH /api/post/10'] = () =>
      jsonResponse(
        200,
        buildPost({
          author: me,
          mine: true,
          can_edit: true,
          can_delete: true,
          title: 'Ein Jahr danach – heute',
          edited_at: '2026-11-20T12:30:00.000Z',
        }),
      );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Bearbeiten' }));
    const title = screen.getByLabelText('Titel');
    await userEvent.clear(title);
    await userEvent.paste('Ein Jahr danach – heute');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('heading', { name: 'Ein Jahr danach – heute' })).toBeInTheDocument();
    expect(screen.getByText(/bearbeitet/)).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/post/10' && init?.method === 'PATCH',
    );
    expect(JSON.parse(String(patch?.[1]?.body))).toMatchObject({ title: 'Ein Jahr danach – heute' });
    // Own words are not reported.
    expect(screen.queryByRole('button', { name: 'Melden' })).not.toBeInTheDocument();
  }, 15_000); // The first screen of the file pays for loading its modules.

  it('after the window: no Bearbeiten, Löschen still there', async () => {
    answers['GET /api/post/10'] = () =>
      jsonResponse(200, buildPost({ author: me, mine: true, can_edit: false, can_delete: true }));
    open();
    expect(await screen.findByRole('button', { name: 'Löschen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bearbeiten' })).not.toBeInTheDocument();
  });

  it("someone else's post: neither, but Melden", async () => {
    open();
    expect(await screen.findByRole('button', { name: 'Melden' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bearbeiten' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Löschen' })).not.toBeInTheDocument();
  });
});

describe('comments rule: oldest first, one level of replies, deleted with replies shows "gelöscht"', () => {
  it('replies sit under their comment; a deleted parent reads "gelöscht"; a reply is sent with parent_id', async () => {
    answers['GET /api/post/10/comments'] = () =>
      jsonResponse(200, {
        data: [
          buildComment({ id: 50, state: 'deleted', message: '', html: '' }),
          buildComment({
            id: 51,
            parent_id: 50,
            author: me,
            mine: true,
            message: 'Danke',
            html: '<p>Danke</p>',
          }),
          buildComment({ id: 52, message: 'Ich auch.', html: '<p>Ich auch.</p>', unread: true }),
        ],
        next_cursor: null,
      });
    answers['POST /api/post/10/comments'] = () => jsonResponse(201, buildComment({ id: 53, parent_id: 52 }));
    open();
    const first = (await screen.findByText('gelöscht')).closest('li') as HTMLElement;
    expect(within(first).getByText('Danke')).toBeInTheDocument();
    const second = screen.getByText('Ich auch.').closest('li') as HTMLElement;
    expect(within(second).getByText('neu')).toBeInTheDocument();
    await userEvent.click(within(second).getByRole('button', { name: 'Antworten' }));
    await userEvent.type(within(second).getByLabelText('Deine Antwort an Jonas'), 'Du bist nicht allein.');
    await userEvent.click(within(second).getAllByRole('button', { name: 'Antworten' }).at(-1)!);
    await waitFor(() => {
      const sent = fetchMock.mock.calls.find(
        ([url, init]) => url === '/api/post/10/comments' && init?.method === 'POST',
      );
      expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
        comment: 'Du bist nicht allein.',
        parent_id: 52,
      });
    });
  });

  it('a comment with words of acute crisis shows the crisis hint beside the editor', async () => {
    open();
    await userEvent.type(await screen.findByLabelText('Dein Kommentar'), 'Ich will nicht mehr leben');
    expect(
      await screen.findByRole('complementary', { name: 'Du musst das nicht allein tragen' }),
    ).toBeInTheDocument();
  });
});

describe('live rule: the "new comment" banner holds only what is not on screen yet', () => {
  it('a live "new comment" banner disappears once that comment is shown, here by the list reloading after my own comment', async () => {
    const fake = fakePusher();
    const stop = connectRealtime({
      config: { key: 'k', cluster: 'eu', host: null, port: null, scheme: null },
      userId: 7,
      token: 't',
      createClient: () => fake.client,
    });
    let comments = [] as ReturnType<typeof buildComment>[];
    answers['GET /api/post/10/comments'] = () => jsonResponse(200, { data: comments, next_cursor: null });
    open();
    await screen.findByText('Noch keine Kommentare', { exact: false });
    await waitFor(() => expect(fake.channels.has('private-user_7_post_10')).toBe(true));
    fake.fire('private-user_7_post_10', 'pusher:subscription_succeeded', {});

    const jonas = buildComment({ id: 60, message: 'Ich denke an dich.', html: '<p>Ich denke an dich.</p>' });
    comments = [jonas];
    fake.fire('private-user_7_post_10', 'CommentCreated', { comment_id: 60, post_id: 10, parent_id: null });
    expect(await screen.findByRole('button', { name: '1 neuer Kommentar – anzeigen' })).toBeInTheDocument();

    const mine = buildComment({ id: 61, author: me, mine: true, message: 'Danke', html: '<p>Danke</p>' });
    answers['POST /api/post/10/comments'] = () => {
      comments = [jonas, mine];
      return jsonResponse(201, mine);
    };
    await userEvent.type(screen.getByLabelText('Dein Kommentar'), 'Danke');
    await userEvent.click(screen.getByRole('button', { name: 'Kommentieren' }));
    expect(await screen.findByText('Ich denke an dich.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /neuer Kommentar/ })).toBeNull());
    stop();
  });
});
