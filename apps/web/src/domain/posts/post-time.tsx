import { useTranslation } from 'react-i18next';

/** When something was written (and "bearbeitet" with the time of the last edit). */
export function PostTime({ at, editedAt }: { at: string; editedAt?: string | null }) {
  const { t, i18n } = useTranslation('posts');
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <time dateTime={at}>{format.format(new Date(at))}</time>
      {editedAt && (
        <span className="text-muted">
          {' · '}
          {t('edited', { time: format.format(new Date(editedAt)) })}
        </span>
      )}
    </>
  );
}
