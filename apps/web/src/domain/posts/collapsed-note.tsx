import type { ContentNote } from '@trostnetz/contracts/groups';
import { useTranslation } from 'react-i18next';
import { ContentNoteTags } from './content-notes.tsx';

/**
 * What a reader sees of a post whose content notes they chose to have collapsed: only the notes and
 * "anzeigen". Revealing is for this view only; the preference stays as it is.
 */
export function CollapsedNote({ notes, onReveal }: { notes: readonly ContentNote[]; onReveal: () => void }) {
  const { t } = useTranslation('posts');
  return (
    <div className="space-y-3 rounded-xl border border-dashed border-line-strong bg-warm/60 px-4 py-3">
      <p className="text-sm text-muted">{t('collapsed.text')}</p>
      <ContentNoteTags notes={notes} />
      <button
        type="button"
        onClick={onReveal}
        className="inline-flex min-h-11 items-center rounded-xl border border-line-strong bg-surface px-4 font-semibold text-accent-strong hover:bg-accent-soft"
      >
        {t('collapsed.reveal')}
      </button>
    </div>
  );
}
