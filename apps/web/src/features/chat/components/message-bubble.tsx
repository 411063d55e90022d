import type { ChatMessage } from '@trostnetz/contracts/chat';
import { Check, CheckCheck, Clock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import type { PendingMessage } from '../../../domain/chat/chat-store.ts';
import { RemovalNote } from '../../../domain/moderation/removal-note.tsx';
import { timeOf } from '../format.ts';
import { EditForm, MessageActions } from './message-actions.tsx';
import { ReceivedCheck } from './received-check.tsx';

type Props =
  | { kind: 'stored'; message: ChatMessage; own: boolean; name: string; me: number; writable: boolean }
  | { kind: 'pending'; pending: PendingMessage; onRetry: () => void; onDismiss: () => void };

/**
 * One message; own ones right with their state: ✓ sent, ✓✓ read, pending, or not sent + retry. A
 * corrected one says "bearbeitet", a deleted one only "Nachricht gelöscht", a removed one "entfernt"
 * (its sender still reads it, with the way to the reasons). A partner's message that may weigh on the
 * reader asks quietly whether it does (ReceivedCheck).
 */
export function MessageBubble(props: Props) {
  const { t, i18n } = useTranslation('chat');
  const [editing, setEditing] = useState(false);
  const own = props.kind === 'pending' || props.own;
  const text = props.kind === 'pending' ? props.pending.message : props.message.message;
  const sendAt = props.kind === 'pending' ? props.pending.send_at : props.message.send_at;
  const time = timeOf(sendAt, i18n.language);
  const failed = props.kind === 'pending' && props.pending.status === 'failed';
  // On its way when the page reloaded: its words were never kept on this device (chat_storage).
  const lost = props.kind === 'pending' && props.pending.status === 'lost';
  const deleted = props.kind === 'stored' && Boolean(props.message.deleted_at);
  // Removed by moderation (issue 16): the recipient sees "entfernt", the sender their text with the reason.
  const removed = props.kind === 'stored' && !deleted && Boolean(props.message.removed_at);
  const edited = props.kind === 'stored' && !deleted && !removed && Boolean(props.message.edited_at);

  return (
    <div className={cn('flex', own ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-2 sm:max-w-[75%]',
          own ? 'rounded-br-md bg-accent-soft' : 'rounded-bl-md border border-line bg-surface',
          (failed || lost) && 'border border-danger/40',
        )}
      >
        <span className="sr-only">
          {own ? t('message.you') : props.kind === 'stored' ? props.name : ''} {t('message.at', { time })}:
        </span>
        {props.kind === 'stored' && editing ? (
          <EditForm message={props.message} me={props.me} onDone={() => setEditing(false)} />
        ) : deleted ? (
          <p data-message-deleted className="text-muted italic">
            {t('message.deleted')}
          </p>
        ) : removed && !own ? (
          <p data-message-removed className="text-muted italic">
            {t('posts:removed')}
          </p>
        ) : removed && props.kind === 'stored' ? (
          <>
            <p className="break-words whitespace-pre-wrap">{text}</p>
            <RemovalNote noticeId={props.message.notice_id} compact />
          </>
        ) : lost ? (
          <p data-message-lost className="text-danger-strong">
            {t('message.lost')}
          </p>
        ) : (
          <p className="break-words whitespace-pre-wrap">{text}</p>
        )}
        <p className="mt-1 flex items-center justify-end gap-1 text-sm text-muted">
          {edited && <span data-message-edited>{t('message.edited')} ·</span>}
          <span aria-hidden="true">{time}</span>
          {own && !deleted && !removed && <OwnState {...props} />}
        </p>
        {props.kind === 'stored' && !props.own && !deleted && !removed && (
          <ReceivedCheck message={props.message} name={props.name} />
        )}
        {props.kind === 'stored' && !editing && !removed && (
          <MessageActions
            message={props.message}
            own={props.own}
            me={props.me}
            name={props.name}
            writable={props.writable}
            onEdit={() => setEditing(true)}
          />
        )}
        {props.kind === 'pending' && lost && (
          <div className="mt-1 flex justify-end">
            <Button variant="secondary" size="sm" onClick={props.onDismiss}>
              {t('message.lostDismiss')}
            </Button>
          </div>
        )}
        {props.kind === 'pending' && failed && (
          <div className="mt-1 flex flex-wrap items-center justify-end gap-2">
            <span className="text-sm text-danger-strong">{t('message.failed')}</span>
            <Button variant="secondary" size="sm" onClick={props.onRetry}>
              {t('message.retry')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

function OwnState(props: Props) {
  const { t } = useTranslation('chat');
  if (props.kind === 'pending') {
    if (props.pending.status !== 'sending') return null;
    return (
      <>
        <Clock aria-hidden="true" className="size-4" />
        <span className="sr-only">{t('message.sending')}</span>
      </>
    );
  }
  const read = Boolean(props.message.read_at);
  const Icon = read ? CheckCheck : Check;
  return (
    <span data-read-state={read ? 'read' : 'sent'} className="inline-flex items-center">
      <Icon aria-hidden="true" className={cn('size-4', read && 'text-accent-strong')} />
      <span className="sr-only">{read ? t('message.read') : t('message.sent')}</span>
    </span>
  );
}
