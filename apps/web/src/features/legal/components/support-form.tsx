import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_TOPICS,
  supportRequestBody,
} from '@trostnetz/contracts/customer-service';
import { HeartHandshake } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrisisHelpList } from '../../../components/crisis/crisis-help-list.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { inputClass, TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../lib/form.ts';
import { useSendSupportRequest } from '../api/send-support-request.ts';

const formSchema = supportRequestBody.pick({ topic: true, name: true, email: true, message: true });

/**
 * The customer-service form. The topic "crisis" shows crisis help at once, above the fields, before
 * anything is sent. Spam protection without third parties: a honeypot field people never see, and
 * the time the form was shown, which the server compares with a minimum fill time.
 */
export function SupportForm({ email, name }: { email: string; name: string }) {
  const { t } = useTranslation('legal');
  const cs = (key: string, opts?: Record<string, unknown>) => t(`customerService.${key}`, opts);
  const send = useSendSupportRequest();
  const toMessage = useErrorMessage();
  const renderedAt = useRef(Date.now());
  const honeypot = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState<{ reference: string; email: string } | null>(null);
  const topicId = useId();
  const crisisId = useId();
  const form = useZodForm(formSchema, {
    defaultValues: { topic: '' as 'question', name, email, message: '' },
  });
  const fields = {
    topic: useFieldState(form, 'topic'),
    name: useFieldState(form, 'name'),
    email: useFieldState(form, 'email'),
    message: useFieldState(form, 'message'),
  };
  const topic = form.watch('topic');
  const length = (form.watch('message') ?? '').length;

  const onSubmit = submitWith(form, async (values) => {
    const answer = await send.mutateAsync({
      ...values,
      rendered_at: renderedAt.current,
      website: honeypot.current?.value ?? '',
    });
    setSent({ reference: answer.reference, email: values.email });
    form.reset({ topic: '' as 'question', name, email, message: '' });
  });

  if (sent) {
    return (
      <div className="space-y-4">
        <Alert tone="success">
          <p className="font-semibold">{cs('sentTitle')}</p>
          <p data-reference={sent.reference}>{cs('sentText', sent)}</p>
        </Alert>
        <Button
          variant="secondary"
          onClick={() => {
            renderedAt.current = Date.now();
            setSent(null);
          }}
        >
          {cs('sendAnother')}
        </Button>
      </div>
    );
  }

  // The fill-time check answers on a field the form does not show: its message goes above the button.
  const tooFast =
    isApiError(send.error) && send.error.fieldErrors.rendered_at?.[0]
      ? send.error.fieldErrors.rendered_at[0]
      : null;
  const formError = send.isError && !(isApiError(send.error) && send.error.status === 422);

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <div className="space-y-1.5">
        <label htmlFor={topicId} className="block font-medium">
          {cs('topic')}
        </label>
        <select
          id={topicId}
          aria-required="true"
          aria-invalid={fields.topic.error ? true : undefined}
          aria-describedby={fields.topic.error ? `${topicId}-error` : undefined}
          className={cn(inputClass, 'appearance-auto', fields.topic.validity)}
          {...form.register('topic')}
        >
          <option value="" disabled>
            {cs('topicPlaceholder')}
          </option>
          {SUPPORT_TOPICS.map((key) => (
            <option key={key} value={key}>
              {cs(`topics.${key}`)}
            </option>
          ))}
        </select>
        {fields.topic.error && (
          <p id={`${topicId}-error`} className="text-sm font-medium text-danger">
            {fields.topic.error}
          </p>
        )}
      </div>

      {topic === 'crisis' && (
        <section
          aria-labelledby={crisisId}
          className="rounded-2xl border border-danger/30 bg-warm p-5"
          data-crisis-help
        >
          <h3 id={crisisId} className="flex items-center gap-2 text-lg font-semibold">
            <HeartHandshake aria-hidden="true" className="size-5 text-accent-strong" />
            {cs('crisisNowTitle')}
          </h3>
          <p className="mt-2 mb-4">{cs('crisisNowText')}</p>
          <CrisisHelpList />
          <p className="mt-4 text-sm text-muted">{cs('crisisNowForm')}</p>
        </section>
      )}

      <TextField
        label={cs('name')}
        hint={cs('nameHint')}
        autoComplete="name"
        aria-required="true"
        registration={form.register('name')}
        {...fields.name}
      />
      <TextField
        label={cs('email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        aria-required="true"
        registration={form.register('email')}
        {...fields.email}
      />
      <TextareaField
        label={cs('message')}
        hint={cs('messageHint')}
        rows={6}
        aria-required="true"
        registration={form.register('message')}
        counter={cs('counter', { count: length, max: SUPPORT_MESSAGE_MAX })}
        {...fields.message}
      />
      {/* The honeypot: hidden from people and assistive technology, filled in by robots. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          {cs('honeypot')}
          <input ref={honeypot} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {tooFast && <Alert tone="error">{tooFast}</Alert>}
      {formError && <Alert tone="error">{toMessage(send.error)}</Alert>}
      <Button
        type="submit"
        className="w-full sm:w-auto"
        loading={send.isPending}
        loadingLabel={cs('submitting')}
      >
        {cs('submit')}
      </Button>
    </form>
  );
}
