import type { ChatMessage, ChatTurn } from '@trostnetz/contracts/chat';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { PendingMessage } from '../../../domain/chat/chat-store.ts';
import { FriendWordsNote } from '../../../domain/friendship/friend-words.tsx';
import { offPlatformNoteAfter } from '../../../domain/safety/contact-hint.ts';
import { dayKey, dayLabel } from '../format.ts';
import { MessageBubble } from './message-bubble.tsx';
import { OffPlatformNote } from './off-platform-note.tsx';

interface Props {
  name: string;
  partnerId: number;
  me: number;
  /** The two may still write to each other: my messages can be edited and deleted. */
  writable: boolean;
  messages: ChatMessage[];
  /** The words with which the friendship began or ended, placed by time among the messages. */
  turns?: ChatTurn[];
  /** When the two became partners: contact details in the first 14 days bring a note, once. */
  befriendedAt?: string | null;
  pending: PendingMessage[];
  loading: boolean;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (item: PendingMessage) => void;
  /** The member has read that a message lost in a reload was not sent. */
  onDismiss: (item: PendingMessage) => void;
}

const NEAR_BOTTOM_PX = 96;

/**
 * The conversation as a log with day separators. Screen readers are told of new messages only, politely:
 * what was there when the conversation finished loading (the history, also what arrived while away) and
 * the earlier pages loaded later stand in the log's quiet part; messages that arrive or are sent after
 * that go into its live part at the end, so the whole history is never read out again. Scrolling to the
 * top loads earlier messages and keeps the reading position; new messages scroll into view only when
 * the member is already at the bottom.
 */
export function MessageLog(props: Props) {
  const { t, i18n } = useTranslation('chat');
  const { messages, pending, hasMore, loadingOlder, onLoadOlder } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const seen = useRef({ first: 0, last: '', height: 0 });
  // The newest message id once the conversation had loaded: later ones are new (announced).
  const loadedUpTo = useRef<{ partnerId: number; id: number } | null>(null);
  if (loadedUpTo.current?.partnerId !== props.partnerId) loadedUpTo.current = null;
  if (!props.loading && loadedUpTo.current === null) {
    loadedUpTo.current = { partnerId: props.partnerId, id: messages.at(-1)?.id ?? 0 };
  }
  const newAfter = loadedUpTo.current?.id ?? Number.POSITIVE_INFINITY;

  const lastKey = `${messages.at(-1)?.id ?? 0}:${pending.length}`;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = seen.current;
    const first = messages[0]?.id ?? 0;
    if (before.first && first < before.first && before.last === lastKey) {
      el.scrollTop += el.scrollHeight - before.height;
    } else if (before.last !== lastKey && (nearBottom.current || pending.length > 0)) {
      el.scrollTop = el.scrollHeight;
    }
    seen.current = { first, last: lastKey, height: el.scrollHeight };
  });

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !loadingOlder) onLoadOlder();
      },
      { root: scroller.current, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loadingOlder, onLoadOlder]);

  const words = { today: t('with.today'), yesterday: t('with.yesterday') };
  const history: React.ReactNode[] = [];
  const live: React.ReactNode[] = [];
  let items = history;
  let day = '';
  const separator = (iso: string) => {
    const key = dayKey(iso);
    if (key === day) return;
    day = key;
    items.push(
      <h2 key={`day-${key}`} className="my-3 text-center text-sm font-medium text-muted">
        <span className="rounded-full bg-warm px-3 py-1">{dayLabel(iso, i18n.language, words)}</span>
      </h2>,
    );
  };
  const oldest = messages[0]?.send_at;
  // Words older than the loaded page wait until the earlier messages are loaded.
  const turns = (props.turns ?? []).filter((w) => !hasMore || (oldest !== undefined && w.at >= oldest));
  const noteAfter = offPlatformNoteAfter(messages, props.befriendedAt ?? null);
  let nextTurn = 0;
  const turnsUntil = (iso: string | undefined) => {
    while (nextTurn < turns.length && (iso === undefined || turns[nextTurn]!.at <= iso)) {
      const w = turns[nextTurn++]!;
      separator(w.at);
      const own = w.user_id !== props.partnerId;
      items.push(
        <div key={`turn-${w.id}`} className={own ? 'ml-auto max-w-[85%]' : 'mr-auto max-w-[85%]'}>
          <FriendWordsNote action={w.action} message={w.message} name={props.name} own={own} />
        </div>,
      );
    }
  };
  for (const m of messages) {
    if (m.id > newAfter) items = live;
    turnsUntil(m.send_at);
    separator(m.send_at);
    items.push(
      <MessageBubble
        // The pending copy and the stored one share the client_id key: one node, announced once.
        key={m.client_id ?? m.id}
        kind="stored"
        message={m}
        own={m.user_id !== props.partnerId}
        name={props.name}
        me={props.me}
        writable={props.writable}
      />,
    );
    if (m.id === noteAfter) items.push(<OffPlatformNote key="off-platform-note" />);
  }
  turnsUntil(undefined);
  // What I send from now on is new too (the sent copy keeps its pending copy's node).
  if (!props.loading) items = live;
  for (const p of pending) {
    // A message lost in a reload may still turn out sent once the conversation has loaded.
    if (p.status === 'lost' && props.loading) continue;
    separator(p.send_at);
    items.push(
      <MessageBubble
        key={p.client_id}
        kind="pending"
        pending={p}
        onRetry={() => props.onRetry(p)}
        onDismiss={() => props.onDismiss(p)}
      />,
    );
  }

  return (
    <div
      ref={scroller}
      className="flex-1 overflow-y-auto overscroll-contain px-4 py-3"
      onScroll={(e) => {
        const el = e.currentTarget;
        nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
      }}
    >
      <div ref={sentinel} />
      {hasMore ? (
        <div className="flex justify-center py-2">
          <Button
            variant="ghost"
            size="sm"
            onClick={onLoadOlder}
            loading={loadingOlder}
            loadingLabel={t('with.loadingOlder')}
          >
            {t('with.loadOlder')}
          </Button>
        </div>
      ) : (
        messages.length > 0 && <p className="py-2 text-center text-sm text-muted">{t('with.beginning')}</p>
      )}
      {props.loading && messages.length === 0 && (
        <output className="flex items-center justify-center gap-2 py-6 text-muted">
          <Spinner /> {t('with.loading')}
        </output>
      )}
      {!props.loading && messages.length === 0 && pending.length === 0 && turns.length === 0 && (
        <div className="mx-auto max-w-sm py-10 text-center">
          <p className="font-semibold">{t('with.first.title')}</p>
          <p className="mt-1 text-muted">{t('with.first.text')}</p>
        </div>
      )}
      <div
        role="log"
        aria-live="off"
        aria-label={t('with.log', { name: props.name })}
        aria-busy={loadingOlder || undefined}
        className="space-y-2"
      >
        {history}
        <div aria-live="polite" aria-relevant="additions" className="space-y-2" data-chat-new>
          {live}
        </div>
      </div>
    </div>
  );
}
