import { type ContentSlug, contentEditBody } from '@trostnetz/contracts/content';
import { renderMarkdown } from '@trostnetz/contracts/markdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../../components/ui/textarea-field.tsx';
import { MemberText } from '../../../../domain/posts/member-text.tsx';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../../lib/form.ts';
import { usePublishContent } from '../../api/content.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { PREVIEW } from './preview-style.ts';

interface Version {
  version: number;
  title: string;
  intro: string;
  body: string;
}

/** The page's Markdown beside its preview, rendered by the same renderer the server uses (preset `page`). */
export function ContentEditor({
  slug,
  locale,
  current,
}: {
  slug: ContentSlug;
  locale: 'de' | 'en';
  current: Version | null;
}) {
  const { t } = useTranslation(CONSOLE_NS);
  const publish = usePublishContent(slug);
  const toMessage = useErrorMessage();
  const [published, setPublished] = useState<number | null>(null);
  const form = useZodForm(contentEditBody, {
    defaultValues: {
      locale,
      title: current?.title ?? '',
      intro: current?.intro ?? '',
      body: current?.body ?? '',
    },
  });
  const title = useFieldState(form, 'title');
  const intro = useFieldState(form, 'intro');
  const body = useFieldState(form, 'body');
  const source = form.watch('body') ?? '';
  const onSubmit = submitWith(form, async (values) => {
    const page = await publish.mutateAsync(values);
    setPublished(page.version);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-2xl border border-line bg-surface p-5">
      <h2 className="text-lg font-semibold">
        {current ? t('content.editing', { version: current.version }) : t('content.first')}
      </h2>
      {published !== null && <Alert tone="success">{t('content.published', { version: published })}</Alert>}
      {publish.isError && <Alert tone="error">{toMessage(publish.error)}</Alert>}
      <TextField label={t('content.title')} registration={form.register('title')} {...title} />
      <TextareaField
        label={t('content.introLabel')}
        rows={2}
        registration={form.register('intro')}
        {...intro}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <TextareaField
          label={t('content.body')}
          hint={t('content.bodyHint')}
          rows={16}
          className="font-mono text-sm"
          registration={form.register('body')}
          {...body}
        />
        <div className="min-w-0">
          <h3 id="preview-title" className="font-medium">
            {t('content.preview')}
          </h3>
          <section
            aria-labelledby="preview-title"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
            tabIndex={0}
            className="mt-1.5 max-h-[32rem] overflow-y-auto rounded-xl border border-dashed border-line-strong bg-canvas p-4"
          >
            <MemberText html={renderMarkdown(source, 'page')} className={PREVIEW} />
          </section>
        </div>
      </div>
      <Button type="submit" loading={publish.isPending} loadingLabel={t('content.publishing')}>
        {t('content.publish')}
      </Button>
    </form>
  );
}
