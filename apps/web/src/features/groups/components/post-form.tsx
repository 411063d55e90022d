import { CONTENT_NOTES, createPostBody, POST_MESSAGE_MAX } from '@trostnetz/contracts/groups';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { CrisisHint } from '../../../domain/safety/crisis-hint.tsx';
import { useSendCheck } from '../../../domain/safety/send-check.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../lib/form.ts';

const form = createPostBody.pick({ title: true, message: true, content_notes: true });
export type PostValues = z.output<typeof form>;

/**
 * Title, Markdown text (with what works) and content notes; new posts and edits alike. Hurtful or
 * pressuring words wait for the writer's choice before it is sent.
 */
export function PostForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  error,
  pending,
}: {
  initial?: PostValues;
  submitLabel: string;
  onSubmit: (values: PostValues) => Promise<unknown>;
  onCancel?: () => void;
  error: unknown;
  pending: boolean;
}) {
  const { t } = useTranslation('groups');
  const toMessage = useErrorMessage();
  const postForm = useZodForm(form, {
    defaultValues: initial ?? { title: '', message: '', content_notes: [] },
  });
  const title = useFieldState(postForm, 'title');
  const message = useFieldState(postForm, 'message');
  const text = postForm.watch('message') ?? '';

  const check = useSendCheck('post', () => postForm.setFocus('message'));
  const submit = submitWith(postForm, async (values) => {
    if (check.asking || !(await check.mayGo(`${values.title}\n${values.message}`))) return;
    await onSubmit(values);
    if (!initial) postForm.reset({ title: '', message: '', content_notes: [] });
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {error ? <Alert tone="error">{toMessage(error)}</Alert> : null}
      <TextField label={t('form.title')} registration={postForm.register('title')} {...title} />
      <div className="grid gap-4 lg:grid-cols-[1fr_16rem]">
        <TextareaField
          label={t('form.message')}
          hint={t('form.markdown')}
          rows={7}
          counter={t('form.counter', { count: text.length, max: POST_MESSAGE_MAX })}
          registration={postForm.register('message')}
          {...message}
        />
        <CrisisHint text={text} className="lg:pt-8" />
      </div>
      <fieldset className="space-y-2">
        <legend className="font-medium">{t('form.notes')}</legend>
        <p className="text-sm text-muted">{t('form.notesHint')}</p>
        <div className="grid gap-2 sm:grid-cols-2">
          {CONTENT_NOTES.map((note) => (
            <label
              key={note}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line px-3 py-2 has-checked:border-accent has-checked:bg-accent-soft"
            >
              <input
                type="checkbox"
                value={note}
                className="size-5 shrink-0 accent-accent"
                {...postForm.register('content_notes')}
              />
              <span>{t(`posts:notes.keys.${note}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
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
