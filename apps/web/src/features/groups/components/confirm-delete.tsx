import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';

/** Deleting one's own words asks once; the dialog says what stays (the thread) and what goes (the text). */
export function ConfirmDelete({
  title,
  text,
  onConfirm,
}: {
  title: string;
  text: string;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation('groups');
  const toMessage = useErrorMessage();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={text}
      closeLabel={t('form.cancel')}
      trigger={
        <Button variant="ghost" size="sm">
          <Trash2 aria-hidden="true" className="size-5" />
          {t('delete')}
        </Button>
      }
    >
      {error ? <Alert tone="error">{toMessage(error)}</Alert> : null}
      <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t('form.cancel')}
        </Button>
        <Button variant="danger" loading={pending} onClick={() => void confirm()}>
          {t('delete')}
        </Button>
      </div>
    </Dialog>
  );
}
