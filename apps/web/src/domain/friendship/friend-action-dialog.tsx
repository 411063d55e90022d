import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/dialog.tsx';
import { LoadingNote } from '../../components/ui/spinner.tsx';
import type { FriendAction } from './friendship.ts';

// The form library is not part of a first screen (issue 13): the dialog's inside loads when one first opens.
const FriendActionForm = lazy(async () => ({
  default: (await import('./friend-action-form.tsx')).FriendActionForm,
}));

interface FriendActionDialogProps {
  action: FriendAction;
  partnerId: number;
  nickname: string;
  trigger: ReactNode;
  onDone?: () => void;
}

/** Confirms one friendship step with an optional message (SPEC.md §5). */
export function FriendActionDialog({
  action,
  partnerId,
  nickname,
  trigger,
  onDone,
}: FriendActionDialogProps) {
  const { t } = useTranslation('friendship');
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={t(`actions.${action}.title`, { nickname })}
      description={t(`actions.${action}.text`, { nickname })}
      closeLabel={t('close')}
    >
      <Suspense fallback={<LoadingNote>{t('loading')}</LoadingNote>}>
        <FriendActionForm
          action={action}
          partnerId={partnerId}
          onCancel={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            onDone?.();
          }}
        />
      </Suspense>
    </Dialog>
  );
}
