import { COMMENT_MAX, updateCommentBody } from '@trostnetz/contracts/groups';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { CrisisHint } from '../../../domain/safety/crisis-hint.tsx';
import { useSendCheck } from '../../../domain/safety/send-check.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../lib/form.ts';

/**
 * A comment, a reply or an edit of one: Markdown text with the crisis hint beside it; hurtful or
 * pressuring words wait for the writer's choice before it is sent.
 */
export function CommentForm({
  label,
  submitLabel,
  initial = '',
  onSubmit,
  onCancel,
  error,
  pending,
  autoFocus = false,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (text: string) => Promise<unknown>;
  onCancel?: () => void;
  error: unknown;
  pending: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('groups');
  const toMessage = useErrorMessage();
  const form = useZodForm(updateCommentBody, { defaultValues: { comment: initial } });
  const field = useFieldState(form, 'comment');
  const text = form.watch('comment') ?? '';
  const check = useSendCheck('comment', () => form.setFocus('comment'));
  const submit = submitWith(form, async ({ comment }) => {
    if (check.asking || !(await check.mayGo(comment))) return;
    await onSubmit(comment);
    form.reset({ comment: '' });
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      {error ? <Alert tone="error">{toMessage(error)}</Alert> : null}
      <TextareaField
        label={label}
        hint={t('form.markdown')}
        rows={3}
        autoFocus={autoFocus}
        counter={t('form.counter', { count: text.length, max: COMMENT_MAX })}
        registration={form.register('comment')}
        {...field}
      />
      <CrisisHint text={text} />
      <div aria-live="polite">{check.prompt}</div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        )}
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
