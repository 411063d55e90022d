import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * What the author of removed content sees above their own text (issue 16): the team removed it,
 * only they still see it, and where the reasons and the way to contest them are. Others see "entfernt".
 */
export function RemovalNote({ noticeId, compact = false }: { noticeId?: number | null; compact?: boolean }) {
  const { t } = useTranslation('moderation');
  return (
    <p
      data-removal-note
      className={
        compact
          ? 'flex items-start gap-2 text-sm text-muted'
          : 'flex items-start gap-3 rounded-xl border border-line bg-warm px-4 py-3'
      }
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <span>
        {t('removal.text')}{' '}
        <Link to={noticeId ? `/notices/${noticeId}` : '/notices'}>{t('removal.link')}</Link>
      </span>
    </p>
  );
}
