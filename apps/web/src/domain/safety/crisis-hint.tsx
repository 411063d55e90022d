import { HeartHandshake } from 'lucide-react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { crisisLines } from '../../components/crisis/crisis-help-list.tsx';
import { mentionsCrisis } from './crisis-terms.ts';

/**
 * Shown beside an editor (post, comment, chat message) while its text contains words of acute crisis:
 * a calm note with the crisis lines. Checked on the device only; it never blocks or sends anything.
 * The live region stays in the page so that screen readers hear the note when it appears.
 */
export function CrisisHint({ text, className }: { text: string; className?: string }) {
  const { t } = useTranslation('crisis');
  const shown = mentionsCrisis(useDeferredValue(text));
  return (
    <div aria-live="polite" className={className}>
      {shown && (
        <aside
          aria-label={t('hint.title')}
          className="flex items-start gap-3 rounded-xl border border-accent/30 bg-accent-soft/60 px-4 py-3"
        >
          <HeartHandshake aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-strong" />
          <div className="min-w-0 text-sm leading-relaxed">
            <p className="font-semibold text-ink">{t('hint.title')}</p>
            <p className="mt-1 text-ink">{t('hint.text')}</p>
            {/* Each line may wrap between its name and its number, never inside the number, so the links
                stay inside the box however narrow it is (the post form gives it a column of 16rem). */}
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
              {crisisLines.map((line) => (
                <li key={line.key} className="min-w-0 max-w-full">
                  <a href={`tel:${line.tel}`} className="font-semibold break-words">
                    {t(`lines.${line.key}.name`)} <span className="whitespace-nowrap">{line.number}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </aside>
      )}
    </div>
  );
}
