import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatApi } from '@trostnetz/contracts/chat.endpoints';
import { totalUnread, useChatStore } from '../../../domain/chat/chat-store.ts';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { readingNow } from './mark-read.ts';

/**
 * GET /api/chat/unreadByChat (the map of sender id to count, SPEC.md §7) into the chat store, whose sum
 * is the total (§3). A query, so that a reconnect (which invalidates every query) refetches it; a
 * failure is only logged and keeps the counts (SPEC.md §8).
 */
export async function getUnread(): Promise<number> {
  try {
    const bySender = await checked(api(chatApi.unread), () =>
      import('@trostnetz/contracts/chat').then((c) => c.unreadResponse),
    );
    // The conversation being read right now has nothing unread; one in a hidden tab keeps its count.
    const reading = readingNow();
    if (reading) delete bySender[String(reading.partnerId)];
    useChatStore.getState().setUnread(bySender);
    return totalUnread(useChatStore.getState());
  } catch (error) {
    console.error('chat: loading unread counts failed', error);
    return -1;
  }
}

/**
 * Keeps the counts in the chat store; nothing reads its result. Mounted in the app's frame, so it asks
 * never to re-render: a query whose result is read by nothing would re-render its component on every
 * change of state (TanStack Query's tracked results), and here that is the whole frame, twice per fetch.
 */
export function useUnreadSync(enabled: boolean) {
  useQuery({ ...unreadQuery, enabled, notifyOnChangeProps: [] });
}

export const unreadQuery = queryOptions({ queryKey: ['chat', 'unread'], queryFn: getUnread });
