import { type AdminFaqEntry, faqEntryBody } from '@trostnetz/contracts/admin';
import { renderMarkdown } from '@trostnetz/contracts/markdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { QueryView } from '../../../../components/ui/query-view.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../../components/ui/textarea-field.tsx';
import { MemberText } from '../../../../domain/posts/member-text.tsx';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../../lib/form.ts';
import { useAdminFaq, useSaveFaqEntry } from '../../api/faq.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { PREVIEW } from './preview-style.ts';

/** The FAQ of one language by topic; each answer is edited as Markdown beside its preview. */
export function FaqEditor({ locale }: { locale: 'de' | 'en' }) {
  const { t } = useTranslation(CONSOLE_NS);
  const query = useAdminFaq(locale);
  return (
    <QueryView query={query} loading={t('loading')}>
      {(entries) => {
        const topics = [...new Set(entries.map((e) => e.topic))];
        return (
          <div className="space-y-6">
            {topics.map((topic) => (
              <section
                key={topic}
                aria-label={topic}
                className="space-y-2 rounded-2xl border border-line bg-surface p-5"
              >
                <h2 className="text-lg font-semibold">{topic}</h2>
                {entries
                  .filter((e) => e.topic === topic)
                  .map((entry) => (
                    <FaqEntryEditor key={`${entry.id}-${entry.updated_at}`} entry={entry} locale={locale} />
                  ))}
              </section>
            ))}
          </div>
        );
      }}
    </QueryView>
  );
}

function FaqEntryEditor({ entry, locale }: { entry: AdminFaqEntry; locale: 'de' | 'en' }) {
  const { t } = useTranslation(CONSOLE_NS);
  const save = useSaveFaqEntry(locale);
  const toMessage = useErrorMessage();
  const [saved, setSaved] = useState(false);
  const form = useZodForm(faqEntryBody, {
    defaultValues: { question: entry.question, answer: entry.answer },
  });
  const question = useFieldState(form, 'question');
  const answer = useFieldState(form, 'answer');
  const source = form.watch('answer') ?? '';
  const onSubmit = submitWith(form, async (values) => {
    setSaved(false);
    await save.mutateAsync({ id: entry.id, body: values });
    setSaved(true);
  });
  return (
    <details className="rounded-xl border border-line px-4 py-2">
      <summary className="min-h-11 cursor-pointer py-2 font-medium">{entry.question}</summary>
      <form noValidate onSubmit={onSubmit} className="space-y-3 pb-3">
        {saved && <Alert tone="success">{t('faq.saved')}</Alert>}
        {save.isError && <Alert tone="error">{toMessage(save.error)}</Alert>}
        <TextField label={t('faq.question')} registration={form.register('question')} {...question} />
        <div className="grid gap-4 lg:grid-cols-2">
          <TextareaField
            label={t('faq.answer')}
            hint={t('content.bodyHint')}
            rows={8}
            className="font-mono text-sm"
            registration={form.register('answer')}
            {...answer}
          />
          <div className="min-w-0">
            <p className="font-medium">{t('content.preview')}</p>
            <div className="mt-1.5 rounded-xl border border-dashed border-line-strong bg-canvas p-4">
              <MemberText html={renderMarkdown(source, 'page')} className={PREVIEW} />
            </div>
          </div>
        </div>
        <p className="text-sm text-muted">{t('faq.anchor', { anchor: entry.anchor })}</p>
        <Button type="submit" loading={save.isPending}>
          {t('faq.save')}
        </Button>
      </form>
    </details>
  );
}
