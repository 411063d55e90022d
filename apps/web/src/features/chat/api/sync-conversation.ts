import type { ChatTurn } from '@trostnetz/contracts/chat';
import { useChatStore } from '../../../domain/chat/chat-store.ts';
import { getMessages } from './get-messages.ts';
import { markReadIfReading } from './mark-read.ts';

export const PAGE_SIZE = 30;
const CATCH_UP_LIMIT = 100;

/** Query key of one conversation's sync; a reconnect invalidates it (catch-up). */
export const conversationKey = (partnerId: number) => ['chat', 'conversation', partnerId] as const;

/**
 * Brings the cached conversation up to date (SPEC.md §4 Chat, Local persistence): the newest page
 * the first time; afterwards everything after the cursor (or after the oldest own message not yet
 * read, to refresh read marks), merged by id. A gap larger than one catch-up replaces the cache.
 * Then the partner's messages are marked read, if the member is reading them (not in a hidden tab).
 * Answers the words with which the friendship began or ended (every page carries all of them).
 */
export async function syncConversation(partnerId: number): Promise<ChatTurn[]> {
  const key = String(partnerId);
  const { messages, cursor } = useChatStore.getState();
  const cached = messages[key] ?? [];
  let turns: ChatTurn[];
  if (cursor[key] === undefined) {
    const page = await getMessages(partnerId, { limit: PAGE_SIZE });
    useChatStore.getState().replace(partnerId, page.messages, page.has_more);
    turns = page.turns;
  } else {
    const unreadOwn = cached.find((m) => m.user_id !== partnerId && !m.read_at);
    const after = Math.min(cursor[key], unreadOwn ? unreadOwn.id - 1 : Number.POSITIVE_INFINITY);
    const page = await getMessages(partnerId, { after, limit: CATCH_UP_LIMIT });
    turns = page.turns;
    if (page.has_more) {
      const newest = await getMessages(partnerId, { limit: PAGE_SIZE });
      useChatStore.getState().replace(partnerId, newest.messages, newest.has_more);
    } else {
      useChatStore.getState().merge(partnerId, page.messages, { fetched: true });
    }
  }
  await markReadIfReading(partnerId);
  return turns;
}

/** The page before the oldest cached message (infinite scroll upward). */
export async function loadOlder(partnerId: number): Promise<void> {
  const oldest = useChatStore.getState().messages[String(partnerId)]?.[0];
  if (!oldest) return;
  const page = await getMessages(partnerId, { before: oldest.id, limit: PAGE_SIZE });
  useChatStore.getState().merge(partnerId, page.messages, { hasMore: page.has_more });
}
