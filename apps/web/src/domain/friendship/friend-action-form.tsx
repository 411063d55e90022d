import { useQueryClient } from '@tanstack/react-query';
import { friendActionBody } from '@trostnetz/contracts/partners';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, type ButtonVariant } from '../../components/ui/button.tsx';
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
const danger: ReadonlySet<FriendAction> = new Set(['remove', 'deny']);

export interface FriendActionFormProps {
  action: FriendAction;
  partnerId: number;
  /** Closes the dialog without the step. */
  onCancel: () => void;
  /** The step is done: the dialog closes. */
  onDone: () => void;
}

/**
 * The inside of a friendship step's dialog (SPEC.md §5: an optional message), loaded when a dialog first
 * opens (friend-action-dialog.tsx). A 409 shows the server's translated text; when the dialog closes after
 * one, the lists are reloaded (lib/friendship.ts).
 */
export function FriendActionForm({ action, partnerId, onCancel, onDone }: FriendActionFormProps) {
  const { t } = useTranslation('friendship');
  const client = useQueryClient();
  const mutation = useFriendAction();
  const toMessage = useErrorMessage();
  const form = useZodForm(messageForm, { defaultValues: { message: '' } });
  const message = useFieldState(form, 'message');
  const length = (form.watch('message') ?? '').length;

  // The dialog's content unmounts when it closes: a conflict seen meanwhile reloads the lists then.
  const lastError = useRef<unknown>(null);
  lastError.current = mutation.error;
  useEffect(
    () => () => {
      if (isFriendshipConflict(lastError.current)) reloadPartnerViews(client);
    },
    [client],
  );

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync({ action, id: partnerId, message: values.message });
      onDone();
    } catch {
      // Shown below.
    }
  });

  const error = mutation.error;
  const variant: ButtonVariant = danger.has(action) ? 'danger' : 'primary';
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {error && <Alert tone="error">{isFriendshipConflict(error) ? error?.message : toMessage(error)}</Alert>}
      <TextareaField
        label={t('message.label')}
        hint={t(`actions.${action}.messageHint`)}
        maxLength={MESSAGE_MAX}
        counter={t('message.counter', { count: length, max: MESSAGE_MAX })}
        registration={form.register('message')}
        {...message}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant={variant} loading={mutation.isPending} loadingLabel={t('sending')}>
          {t(`actions.${action}.confirm`)}
        </Button>
      </div>
    </form>
  );
}
