import { type AdminSupportRequest, SUPPORT_STATUSES, supportAnswerBody } from '@trostnetz/contracts/admin';
import { LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../components/ui/cn.ts';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { QueryView } from '../../../../components/ui/query-view.tsx';
import { TextareaField } from '../../../../components/ui/textarea-field.tsx';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../../lib/form.ts';
import { useSupportAction, useSupportInbox } from '../../api/support.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { useStaff } from '../../staff-context.ts';
import { ConsolePage } from '../console-page.tsx';
import { StatusFilter, useStatusParam } from '../shared/status-filter.tsx';

/** The customer-service inbox: take a request, answer it (mail + /customer-service), close it. */
export function SupportScreen() {
  const { t } = useTranslation([CONSOLE_NS, 'nova']);
  const [status, setStatus] = useStatusParam(SUPPORT_STATUSES);
  const query = useSupportInbox(status);
  return (
    <ConsolePage title={t('nova:titles.nova-support')} intro={t('support.intro')} needs="support.answer">
      <StatusFilter
        label={t('support.statusLabel')}
        states={SUPPORT_STATUSES}
        current={status}
        onChange={setStatus}
        labelOf={(s) => t(`support.status.${s}`)}
      />
      <QueryView query={query} loading={t('loading')}>
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState icon={LifeBuoy} title={t(`support.empty.${status}`)}>
              {t('support.emptyText')}
            </EmptyState>
          ) : (
            <ul className="space-y-4">
              {items.map((r) => (
                <li key={r.reference}>
                  <SupportCard request={r} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </ConsolePage>
  );
}

function SupportCard({ request }: { request: AdminSupportRequest }) {
  const { t } = useTranslation([CONSOLE_NS, 'legal']);
  const format = useFormat();
  const staff = useStaff();
  const assign = useSupportAction(request.reference, 'assign');
  const answer = useSupportAction(request.reference, 'answer');
  const close = useSupportAction(request.reference, 'close');
  const toMessage = useErrorMessage();
  const form = useZodForm(supportAnswerBody, { defaultValues: { text: '' } });
  const text = useFieldState(form, 'text');
  const onSubmit = submitWith(form, (values) => answer.mutateAsync(values));
  const error = assign.error ?? answer.error ?? close.error;
  return (
    <article
      aria-labelledby={`support-${request.reference}`}
      className={cn(
        'space-y-3 rounded-2xl border bg-surface p-5',
        request.topic === 'crisis' ? 'border-danger/50' : 'border-line',
      )}
    >
      <h2
        id={`support-${request.reference}`}
        className="flex flex-wrap items-center gap-2 text-lg font-semibold"
      >
        <span className="font-mono">{request.reference}</span>
        <span className="rounded-full bg-warm px-2 text-sm font-medium">
          {t(`support.topics.${request.topic}`)}
        </span>
      </h2>
      <p className="text-sm text-muted">
        {request.name} · <span className="break-all">{request.email}</span> ·{' '}
        {format.dateTime(request.created_at)}
        {request.assignee && ` · ${t('support.with', { name: request.assignee.nickname })}`}
      </p>
      <p className="whitespace-pre-line break-words rounded-xl bg-canvas px-4 py-3">{request.message}</p>
      {request.answer && (
        <div className="rounded-xl border border-accent/30 bg-accent-soft/50 px-4 py-3">
          <p className="font-semibold">{t('support.answered')}</p>
          <p className="whitespace-pre-line">{request.answer}</p>
        </div>
      )}
      {error && <Alert tone="error">{toMessage(error)}</Alert>}
      {request.status !== 'closed' && (
        <div className="flex flex-wrap gap-2">
          {request.assignee?.id !== staff.id && (
            <Button
              variant="secondary"
              size="sm"
              loading={assign.isPending}
              onClick={() => assign.mutate(undefined)}
            >
              {t('support.assign')}
            </Button>
          )}
          <Button
            variant="secondary"
            size="sm"
            loading={close.isPending}
            onClick={() => close.mutate(undefined)}
          >
            {t('support.close')}
          </Button>
        </div>
      )}
      {request.status === 'open' && (
        <form noValidate onSubmit={onSubmit} className="space-y-3">
          <TextareaField
            label={t('support.answerLabel')}
            hint={t('support.answerHint')}
            registration={form.register('text')}
            {...text}
          />
          <Button type="submit" loading={answer.isPending}>
            {t('support.send')}
          </Button>
        </form>
      )}
    </article>
  );
}
