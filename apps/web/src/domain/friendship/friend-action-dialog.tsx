import { useQueryClient } from '@tanstack/react-query';
import { friendActionBody } from '@trostnetz/contracts/partners';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, type ButtonVariant } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { useErrorMessage } from '../../lib/error-message.ts';
import { useFieldState, useZodForm } from '../../lib/form.ts';
import {
  type FriendAction,
  isFriendshipConflict,
  reloadPartnerViews,
  useFriendAction,
} from './friendship.ts';

const messageForm = friendActionBody.unwrap().unwrap();
const MESSAGE_MAX = 500;

interface FriendActionDialogProps {
  action: FriendAction;
  partnerId: number;
  nickname: string;
  trigger: ReactNode;
  onDone?: () => void;
}

const danger: ReadonlySet<FriendAction> = new Set(['remove', 'deny']);

/**
 * Confirms one friendship step with an optional message (SPEC.md §5). A 409 shows the server's
 * translated text; the lists are reloaded meanwhile (lib/friendship.ts).
 */
export function FriendActionDialog({
  action,
  partnerId,
  nickname,
  trigger,
  onDone,
}: FriendActionDialogProps) {
  const { t } = useTranslation('friendship');
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const mutation = useFriendAction();
  const toMessage = useErrorMessage();
  const form = useZodForm(messageForm, { defaultValues: { message: '' } });
  const message = useFieldState(form, 'message');
  const length = (form.watch('message') ?? '').length;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      if (isFriendshipConflict(mutation.error)) reloadPartnerViews(client);
      form.reset({ message: '' });
      mutation.reset();
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync({ action, id: partnerId, message: values.message });
      onOpenChange(false);
      onDone?.();
    } catch {
      // Shown below.
    }
  });

  const error = mutation.error;
  const variant: ButtonVariant = danger.has(action) ? 'danger' : 'primary';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={t(`actions.${action}.title`, { nickname })}
      description={t(`actions.${action}.text`, { nickname })}
      closeLabel={t('close')}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {error && (
          <Alert tone="error">{isFriendshipConflict(error) ? error?.message : toMessage(error)}</Alert>
        )}
        <TextareaField
          label={t('message.label')}
          hint={t(`actions.${action}.messageHint`)}
          maxLength={MESSAGE_MAX}
          counter={t('message.counter', { count: length, max: MESSAGE_MAX })}
          registration={form.register('message')}
          {...message}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant={variant} loading={mutation.isPending} loadingLabel={t('sending')}>
            {t(`actions.${action}.confirm`)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
