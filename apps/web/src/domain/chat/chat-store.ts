import type { ChatMessage } from '@trostnetz/contracts/chat';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onSessionCleared } from '../../lib/session.ts';

/**
 * Chat state (SPEC.md §4 Chat, Local persistence). Messages are kept per partner in memory, merged by
 * id so that nothing is doubled; `cursor` is the newest id fetched over HTTP (live messages never move
 * it), so a catch-up with `after=cursor` cannot skip a gap. Only ids and state are persisted under
 * chat_storage, never words (what a script injected into the page could read): the unread counts, and
 * of each message still on its way its client_id and time. Its text stays in memory; after a reload such
 * a message is `lost`: unless the server has it (then it was sent and goes), the member is told that it
 * was not sent and its words were not kept.
 */
export interface PendingMessage {
  client_id: string;
  message: string;
  send_at: string;
  status: 'sending' | 'failed' | 'lost';
}

/** What chat_storage keeps of a pending message: no text. */
type KeptPending = Pick<PendingMessage, 'client_id' | 'send_at'>;

interface ChatData {
  /** The member these messages belong to; another member's state is dropped. */
  owner: number | null;
  messages: Record<string, ChatMessage[]>;
  hasMore: Record<string, boolean>;
  cursor: Record<string, number>;
  pending: Record<string, PendingMessage[]>;
  /** Sender id → unread count (SPEC.md §3 Unread state); the total is their sum, `totalUnread`. */
  unread: Record<string, number>;
  /** Partners whose conversations the member muted: their unread messages count in the list only. */
  muted: number[];
}

interface ChatState extends ChatData {
  /**
   * The conversation on screen. Not persisted: a chat remembered from a closed tab must never count
   * as open, or messages would be marked read on another screen (issue 9 item 14).
   */
  chatId: number | null;
  partnerId: number | null;
  claim: (owner: number) => void;
  enter: (chatId: number, partnerId: number) => void;
  leave: () => void;
  /** Merges fetched or live messages (server version wins); `fetched` moves the cursor. */
  merge: (partnerId: number, list: ChatMessage[], opts?: { fetched?: boolean; hasMore?: boolean }) => void;
  /** Replaces the cache with the newest page (after a gap too large to catch up). */
  replace: (partnerId: number, list: ChatMessage[], hasMore: boolean) => void;
  /** A live message: cached (if the chat was loaded) and, from the partner, counted unread. */
  receive: (message: ChatMessage, me: number) => void;
  /** A message edited or deleted (live, or my own answer): the cached copy is replaced, no unread count. */
  change: (message: ChatMessage, me: number) => void;
  setUnread: (bySender: Record<string, number>) => void;
  setMuted: (partners: number[]) => void;
  clearUnread: (partnerId: number) => void;
  markRead: (partnerId: number, ids: number[], readAt: string) => void;
  addPending: (partnerId: number, pending: PendingMessage) => void;
  setPendingStatus: (partnerId: number, clientId: string, status: 'sending' | 'failed') => void;
  /** The member has read that a message lost in a reload was not sent: it goes. */
  dropPending: (partnerId: number, clientId: string) => void;
  reset: () => void;
}

const empty: ChatData & Pick<ChatState, 'chatId' | 'partnerId'> = {
  owner: null,
  chatId: null,
  partnerId: null,
  messages: {},
  hasMore: {},
  cursor: {},
  pending: {},
  unread: {},
  muted: [],
};

export const CHAT_STORAGE_KEY = 'chat_storage';

/**
 * Read marks that arrived before their message (ChatMessagesRead can overtake the answer to the
 * send): applied when the message is merged. Not persisted; a later sync refreshes read marks.
 */
const earlyReads = new Map<number, string>();
const EARLY_READS_KEPT = 500;

/**
 * Union by id, ascending; the incoming version replaces a cached one (read_at updates), except
 * that a known read mark is never taken back by an older copy.
 */
export function mergeById(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) {
    const readAt = m.read_at ?? byId.get(m.id)?.read_at ?? earlyReads.get(m.id) ?? null;
    earlyReads.delete(m.id);
    byId.set(m.id, readAt === m.read_at ? m : { ...m, read_at: readAt });
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

const withoutSent = (pending: PendingMessage[] | undefined, list: ChatMessage[]) => {
  const sent = new Set(list.map((m) => m.client_id).filter(Boolean));
  return (pending ?? []).filter((p) => !sent.has(p.client_id));
};

/** The count the navigation and the title show: muted conversations left out (the list still counts them). */
export const totalUnread = (s: Pick<ChatData, 'unread'> & Partial<Pick<ChatData, 'muted'>>) =>
  Object.entries(s.unread).reduce((sum, [id, n]) => (s.muted?.includes(Number(id)) ? sum : sum + n), 0);

export const useChatStore = create<ChatState>()(
  persist(
    (set) => ({
      ...empty,
      claim: (owner) => set((s) => (s.owner === owner ? s : { ...empty, owner })),
      enter: (chatId, partnerId) => set({ chatId, partnerId }),
      leave: () => set({ chatId: null, partnerId: null }),
      merge: (partnerId, list, { fetched = false, hasMore } = {}) =>
        set((s) => {
          const key = String(partnerId);
          const newest = list.reduce((max, m) => Math.max(max, m.id), 0);
          return {
            messages: { ...s.messages, [key]: mergeById(s.messages[key] ?? [], list) },
            pending: { ...s.pending, [key]: withoutSent(s.pending[key], list) },
            cursor: fetched ? { ...s.cursor, [key]: Math.max(s.cursor[key] ?? 0, newest) } : s.cursor,
            hasMore: hasMore === undefined ? s.hasMore : { ...s.hasMore, [key]: hasMore },
          };
        }),
      replace: (partnerId, list, hasMore) =>
        set((s) => {
          const key = String(partnerId);
          const newest = list.reduce((max, m) => Math.max(max, m.id), 0);
          // Live messages that arrived while the page was loading are newer than it: kept.
          const later = (s.messages[key] ?? []).filter((m) => m.id > newest);
          const sorted = mergeById(later, list);
          return {
            messages: { ...s.messages, [key]: sorted },
            pending: { ...s.pending, [key]: withoutSent(s.pending[key], list) },
            cursor: { ...s.cursor, [key]: newest },
            hasMore: { ...s.hasMore, [key]: hasMore },
          };
        }),
      receive: (message, me) =>
        set((s) => {
          const mine = message.user_id === me;
          const key = String(mine ? message.recipient_id : message.user_id);
          // Cached even before the conversation was loaded: the cursor (fetched ids only) still
          // makes the next sync load what came before it.
          const cached = s.messages[key] ?? [];
          const known = cached.some((m) => m.id === message.id);
          return {
            messages: { ...s.messages, [key]: mergeById(cached, [message]) },
            pending: { ...s.pending, [key]: withoutSent(s.pending[key], [message]) },
            unread:
              mine || known || message.read_at ? s.unread : { ...s.unread, [key]: (s.unread[key] ?? 0) + 1 },
          };
        }),
      change: (message, me) =>
        set((s) => {
          const key = String(message.user_id === me ? message.recipient_id : message.user_id);
          const cached = s.messages[key];
          // Not loaded yet: the next sync brings it as it now is.
          if (!cached?.some((m) => m.id === message.id)) return s;
          return { messages: { ...s.messages, [key]: mergeById(cached, [message]) } };
        }),
      setUnread: (bySender) => set({ unread: { ...bySender } }),
      setMuted: (partners) => set({ muted: [...partners] }),
      clearUnread: (partnerId) =>
        set((s) => {
          const { [String(partnerId)]: _, ...rest } = s.unread;
          return { unread: rest };
        }),
      markRead: (partnerId, ids, readAt) =>
        set((s) => {
          const key = String(partnerId);
          const read = new Set(ids);
          const cached = s.messages[key] ?? [];
          for (const id of ids) {
            if (!cached.some((m) => m.id === id)) earlyReads.set(id, readAt);
          }
          while (earlyReads.size > EARLY_READS_KEPT)
            earlyReads.delete(earlyReads.keys().next().value as number);
          if (!s.messages[key]) return s;
          return {
            messages: {
              ...s.messages,
              [key]: cached.map((m) => (read.has(m.id) ? { ...m, read_at: readAt } : m)),
            },
          };
        }),
      addPending: (partnerId, pending) =>
        set((s) => {
          const key = String(partnerId);
          return { pending: { ...s.pending, [key]: [...(s.pending[key] ?? []), pending] } };
        }),
      setPendingStatus: (partnerId, clientId, status) =>
        set((s) => {
          const key = String(partnerId);
          return {
            pending: {
              ...s.pending,
              [key]: (s.pending[key] ?? []).map((p) => (p.client_id === clientId ? { ...p, status } : p)),
            },
          };
        }),
      dropPending: (partnerId, clientId) =>
        set((s) => {
          const key = String(partnerId);
          return {
            pending: { ...s.pending, [key]: (s.pending[key] ?? []).filter((p) => p.client_id !== clientId) },
          };
        }),
      reset: () => set({ ...empty }),
    }),
    {
      name: CHAT_STORAGE_KEY,
      // 2: no words any more (version 1 kept the last 100 messages and the pending texts).
      version: 2,
      storage: createJSONStorage(() => localStorage),
      migrate: (persisted) => keptOnly(persisted as Partial<PersistedChat>),
      partialize: (s): PersistedChat => keptOnly(s),
      // A message on its way when the page went away is `lost`: its words were never stored here.
      merge: (persisted, current) => {
        const kept = keptOnly((persisted ?? {}) as Partial<PersistedChat>);
        const pending = Object.fromEntries(
          Object.entries(kept.pending).map(([k, list]) => [
            k,
            list.map((m): PendingMessage => ({ ...m, message: '', status: 'lost' })),
          ]),
        );
        return { ...current, owner: kept.owner, unread: kept.unread, pending, muted: kept.muted };
      },
    },
  ),
);

/** What chat_storage holds: whose state it is, unread counts by sender, pending messages without text. */
interface PersistedChat {
  owner: number | null;
  unread: Record<string, number>;
  pending: Record<string, KeptPending[]>;
  /** The muted conversations' partner ids, so the navigation's count is right at once after a reload. */
  muted: number[];
}

/** Ids and state only, whatever was there before (an older build's stored messages and texts are dropped). */
function keptOnly(s: Partial<PersistedChat>): PersistedChat {
  const pending: PersistedChat['pending'] = {};
  for (const [key, list] of Object.entries(s.pending ?? {})) {
    const kept = (list ?? []).map((m) => ({ client_id: m.client_id, send_at: m.send_at }));
    if (kept.length) pending[key] = kept;
  }
  return {
    owner: s.owner ?? null,
    unread: { ...(s.unread ?? {}) },
    pending,
    muted: (s.muted ?? []).filter((id) => typeof id === 'number'),
  };
}

// The member's messages and unread counts end with the session (reset, logout).
onSessionCleared(() => useChatStore.getState().reset());
