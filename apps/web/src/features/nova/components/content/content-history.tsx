import type { ContentSlug } from '@trostnetz/contracts/content';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { useRestoreContent } from '../../api/content.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { useFormat } from '../../hooks/use-format.ts';

interface Version {
  version: number;
  title: string;
  intro: string;
  body: string;
  created_at: string;
}

/** Every published version, newest first; restoring one publishes it again as the newest (audited). */
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
  const restore = useRestoreContent(slug);
  const toMessage = useErrorMessage();
  return (
    <section aria-labelledby="history-title" className="rounded-2xl border border-line bg-surface p-5">
      <h2 id="history-title" className="text-lg font-semibold">
        {t('content.history')}
      </h2>
      {restore.isError && (
        <Alert tone="error" className="mt-3">
          {toMessage(restore.error)}
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
                  loading={restore.isPending && restore.variables?.version === v.version}
                  onClick={() => restore.mutate({ locale, version: v.version })}
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
