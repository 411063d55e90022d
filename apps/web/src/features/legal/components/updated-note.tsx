import { useTranslation } from 'react-i18next';

/** "Stand: 23. November 2026": the date of the text's current version. */
export function UpdatedNote({ at }: { at: string }) {
  const { t, i18n } = useTranslation('legal');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(at));
  return (
    <p className="mt-8 text-sm text-muted" data-updated>
      <time dateTime={at}>{t('updated', { date })}</time>
    </p>
  );
}
