import { EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useHideMember } from '../api/hide-member.ts';

/** Hiding ends any connection silently; the other member is never told. */
export function HideDialog({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation('partners');
  const navigate = useNavigate();
  const hide = useHideMember();
  const toMessage = useErrorMessage();
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    try {
      await hide.mutateAsync(id);
      setOpen(false);
      navigate('/blocklist', { state: { hidden: name } });
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('hide.title', { nickname: name })}
      description={t('hide.text', { nickname: name })}
      closeLabel={t('cancel')}
      trigger={
        <Button variant="ghost" size="sm">
          <EyeOff aria-hidden="true" className="size-5" />
          {t('hide.button')}
        </Button>
      }
    >
      {hide.isError && <Alert tone="error">{toMessage(hide.error)}</Alert>}
      <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t('cancel')}
        </Button>
        <Button variant="danger" loading={hide.isPending} onClick={() => void confirm()}>
          {t('hide.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
