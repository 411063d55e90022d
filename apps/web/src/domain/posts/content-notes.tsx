import type { ContentNote } from '@trostnetz/contracts/groups';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';

/** The content notes of a post as calm tags, with a line a screen reader reads first. */
export function ContentNoteTags({ notes, className }: { notes: readonly ContentNote[]; className?: string }) {
  const { t } = useTranslation('posts');
  if (notes.length === 0) return null;
  return (
    <p className={cn('flex flex-wrap items-center gap-1.5 text-sm', className)}>
      <span className="inline-flex items-center gap-1 text-muted">
        <TriangleAlert aria-hidden="true" className="size-4" />
        {t('notes.label')}
      </span>
      {notes.map((note) => (
        <span key={note} className="rounded-full border border-line-strong bg-warm px-2.5 py-0.5 text-ink">
          {t(`notes.keys.${note}`)}
        </span>
      ))}
    </p>
  );
}
