import type { ContentSlug } from '@trostnetz/contracts/content';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { usePublishContent } from '../../api/content.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { useFormat } from '../../hooks/use-format.ts';

interface Version {
  version: number;
  title: string;
  intro: string;
  body: string;
  created_at: string;
}

/** Every published version, newest first; restoring one publishes its text again as the newest. */
export function ContentHistory({
  slug,
  locale,
  versions,
}: {
  slug: ContentSlug;
  locale: 'de' | 'en';
  versions: Version[];
}) {
  const { t } = useTranslation(CONSOLE_NS);
  const format = useFormat();
  const publish = usePublishContent(slug);
  const toMessage = useErrorMessage();
  return (
    <section aria-labelledby="history-title" className="rounded-2xl border border-line bg-surface p-5">
      <h2 id="history-title" className="text-lg font-semibold">
        {t('content.history')}
      </h2>
      {publish.isError && (
        <Alert tone="error" className="mt-3">
          {toMessage(publish.error)}
        </Alert>
      )}
      {versions.length === 0 ? (
        <p className="mt-2 text-muted">{t('content.noHistory')}</p>
      ) : (
        <ol className="mt-3 divide-y divide-line">
          {versions.map((v, index) => (
            <li key={v.version} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span>
                <span className="font-medium">{t('content.version', { version: v.version })}</span>
                {index === 0 && (
                  <span className="ml-2 rounded-full bg-accent-soft px-2 text-sm">
                    {t('content.current')}
                  </span>
                )}
                <span className="block text-sm text-muted">
                  {format.dateTime(v.created_at)} · {v.title}
                </span>
              </span>
              {index > 0 && (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={publish.isPending && publish.variables?.body === v.body}
                  onClick={() => publish.mutate({ locale, title: v.title, intro: v.intro, body: v.body })}
                >
                  {t('content.restore', { version: v.version })}
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
