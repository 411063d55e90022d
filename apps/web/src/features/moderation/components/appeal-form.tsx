import { linkedAppealBody } from '@trostnetz/contracts/moderation';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../lib/form.ts';

/**
 * The appeal: in the member's own words; another moderator than the first one decides it. `send` posts
 * it, in the app (signed in) or through the signed link of the mail.
 */
export function AppealForm({
  send,
}: {
  send: {
    mutateAsync: (body: { text: string }) => Promise<unknown>;
    isPending: boolean;
    isError: boolean;
    error: unknown;
  };
}) {
  const { t } = useTranslation('moderation');
  const toMessage = useErrorMessage();
  const form = useZodForm(linkedAppealBody, { defaultValues: { text: '' } });
  const text = useFieldState(form, 'text');
  const onSubmit = submitWith(form, (values) => send.mutateAsync(values));
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
      {send.isError && <Alert tone="error">{toMessage(send.error)}</Alert>}
      <TextareaField
        label={t('contest.label')}
        hint={t('contest.hint')}
        aria-required="true"
        registration={form.register('text')}
        {...text}
      />
      <Button type="submit" loading={send.isPending} loadingLabel={t('contest.sending')}>
        {t('contest.submit')}
      </Button>
    </form>
  );
}
