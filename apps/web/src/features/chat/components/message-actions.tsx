import { type ChatMessage, MESSAGE_EDIT_MINUTES, MESSAGE_MAX } from '@trostnetz/contracts/chat';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useChatStore } from '../../../domain/chat/chat-store.ts';
import { ReportDialog } from '../../../domain/safety/report-dialog.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { deleteMessage, editMessage, reportMessage } from '../api/change-message.ts';

/** Whether my message can still be corrected (the server decides; this only hides a button it would refuse). */
export const stillEditable = (m: ChatMessage, now = Date.now()) =>
  !m.deleted_at && now - Date.parse(m.send_at) < MESSAGE_EDIT_MINUTES * 60_000;

/**
 * What can be done with one stored message, behind a small "options" button: my own message can be
 * corrected (15 minutes) and deleted (always); the partner's can be reported.
 */
export function MessageActions({
  message,
  own,
  me,
  name,
  writable,
  onEdit,
}: {
  message: ChatMessage;
  own: boolean;
  me: number;
  name: string;
  writable: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const panel = useId();
  if (message.deleted_at || (own && !writable)) return null;
  return (
    <div className="mt-1">
      <div className="flex justify-end">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen((v) => !v)}
          className="-mr-2 grid size-9 place-items-center rounded-lg text-muted hover:bg-accent-soft hover:text-ink"
        >
          <MoreHorizontal aria-hidden="true" className="size-5" />
          <span className="sr-only">{t('actions.toggle')}</span>
        </button>
      </div>
      <div id={panel} hidden={!open} className="flex flex-wrap justify-end gap-1">
        {open && own && (
          <>
            {stillEditable(message) && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setOpen(false);
                  onEdit();
                }}
              >
                <Pencil aria-hidden="true" className="size-4" />
                {t('actions.edit')}
              </Button>
            )}
            <DeleteDialog message={message} me={me} />
          </>
        )}
        {open && !own && (
          <ReportDialog
            title={t('actions.reportTitle', { name })}
            text={t('actions.reportText', { name })}
            triggerLabel={t('actions.report')}
            onReport={(values) => reportMessage(message.id, values)}
          />
        )}
      </div>
    </div>
  );
}

function DeleteDialog({ message, me }: { message: ChatMessage; me: number }) {
  const { t } = useTranslation('chat');
  const toMessage = useErrorMessage();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      useChatStore.getState().change(await deleteMessage(message.id), me);
      setOpen(false);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('actions.deleteTitle')}
      description={t('actions.deleteText')}
      closeLabel={t('actions.cancel')}
      trigger={
        <Button variant="ghost" size="sm">
          <Trash2 aria-hidden="true" className="size-4" />
          {t('actions.delete')}
        </Button>
      }
    >
      {error !== null && (
        <Alert tone="error" className="mb-4">
          {toMessage(error)}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t('actions.cancel')}
        </Button>
        <Button variant="danger" loading={busy} onClick={() => void confirm()}>
          {t('actions.deleteConfirm')}
        </Button>
      </div>
    </Dialog>
  );
}

/** Correcting my message in place: Enter saves like the composer, Escape cancels. */
export function EditForm({ message, me, onDone }: { message: ChatMessage; me: number; onDone: () => void }) {
  const { t } = useTranslation('chat');
  const toMessage = useErrorMessage();
  const id = useId();
  const [text, setText] = useState(message.message);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const tooLong = text.trim().length > MESSAGE_MAX;

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim() || tooLong) return;
    if (text.trim() === message.message) return onDone();
    setBusy(true);
    setError(null);
    try {
      useChatStore.getState().change(await editMessage(message.id, text.trim()), me);
      onDone();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={save} className="space-y-2">
      <label htmlFor={id} className="sr-only">
        {t('actions.editLabel')}
      </label>
      <textarea
        id={id}
        // biome-ignore lint/a11y/noAutofocus: the member just asked to edit this message
        autoFocus
        rows={3}
        value={text}
        aria-invalid={tooLong || undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void save();
          }
        }}
        className="w-full min-w-56 resize-y rounded-xl border border-line-strong bg-surface px-3 py-2 text-base text-ink"
      />
      {error !== null && <Alert tone="error">{toMessage(error)}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" size="sm" loading={busy} disabled={!text.trim() || tooLong}>
          {t('actions.save')}
        </Button>
      </div>
    </form>
  );
}
