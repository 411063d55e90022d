import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { totalUnread, useChatStore } from '../../../domain/chat/chat-store.ts';
import { jsonResponse, stubApi } from '../../../test/render.tsx';
import { unreadQuery, useUnreadSync } from './get-unread.ts';

describe('useUnreadSync (the unread counts the app frame keeps in the chat store)', () => {
  let counts: Record<string, number>;
  beforeEach(() => {
    counts = { '7': 2 };
    stubApi({ 'GET /api/chat/unreadByChat': () => jsonResponse(200, counts) });
  });
  afterEach(() => vi.unstubAllGlobals());

  /** The app's frame as far as the unread counts go: a component that keeps them in sync (and counts its renders). */
  function mountFrame(onRender?: () => void) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    function Frame() {
      onRender?.();
      useUnreadSync(true);
      return null;
    }
    render(
      <QueryClientProvider client={client}>
        <Frame />
      </QueryClientProvider>,
    );
    return client;
  }

  it('puts the counts into the chat store, and a refetch brings the new ones', async () => {
    const client = mountFrame();
    await waitFor(() => expect(useChatStore.getState().unread).toEqual({ 7: 2 }));
    counts = { '7': 3, '9': 1 };
    await act(() => client.invalidateQueries({ queryKey: unreadQuery.queryKey }));
    expect(useChatStore.getState().unread).toEqual({ 7: 3, 9: 1 });
  });

  it('unread rule (SPEC.md §3, §7): the answer is the bare map of sender id to count, and the total the app shows is its sum', async () => {
    counts = { '7': 2, '9': 3 };
    const client = mountFrame();
    await waitFor(() => expect(useChatStore.getState().unread).toEqual({ 7: 2, 9: 3 }));
    expect(totalUnread(useChatStore.getState())).toBe(5);
    expect(client.getQueryData(unreadQuery.queryKey)).toBe(5);
    counts = {};
    await act(() => client.invalidateQueries({ queryKey: unreadQuery.queryKey }));
    expect(useChatStore.getState().unread).toEqual({});
    expect(client.getQueryData(unreadQuery.queryKey)).toBe(0);
  });

  it('a failed load is only logged and keeps the counts (SPEC.md §8)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = mountFrame();
    await waitFor(() => expect(useChatStore.getState().unread).toEqual({ 7: 2 }));
    stubApi({
      'GET /api/chat/unreadByChat': () => jsonResponse(500, { message: 'Fehler', code: 'server_error' }),
    });
    await act(() => client.invalidateQueries({ queryKey: unreadQuery.queryKey }));
    expect(useChatStore.getState().unread).toEqual({ 7: 2 });
    expect(logged).toHaveBeenCalledWith('chat: loading unread counts failed', expect.anything());
    // No total is known: the query holds -1 rather than failing (a failed query would be retried and shown).
    expect(client.getQueryState(unreadQuery.queryKey)).toMatchObject({ status: 'success', data: -1 });
    logged.mockRestore();
  });

  it('the conversation being read has nothing unread; the others keep their counts', async () => {
    counts = { '7': 2, '9': 1 };
    useChatStore.getState().enter(3, 7);
    const client = mountFrame();
    await waitFor(() => expect(client.getQueryState(unreadQuery.queryKey)?.status).toBe('success'));
    expect(useChatStore.getState().unread).toEqual({ 9: 1 });
    expect(client.getQueryData(unreadQuery.queryKey)).toBe(1);
    useChatStore.getState().leave();
  });

  it('never re-renders the component it is mounted in (the whole app frame): not on fetching, not on the answer', async () => {
    let renders = 0;
    const client = mountFrame(() => renders++);
    await waitFor(() => expect(client.getQueryState(unreadQuery.queryKey)?.status).toBe('success'));
    await act(() => client.invalidateQueries({ queryKey: unreadQuery.queryKey }));
    expect(client.getQueryState(unreadQuery.queryKey)?.dataUpdateCount).toBe(2);
    expect(renders).toBe(1);
  });
});
