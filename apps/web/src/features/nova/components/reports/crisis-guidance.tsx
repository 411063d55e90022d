import { HeartHandshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { crisisLines } from '../../../../components/crisis/crisis-help-list.tsx';
import { CONSOLE_NS } from '../../console-texts.ts';

/**
 * Shown with every report of concern ("Ich mache mir Sorgen um diese Person"): what a moderator does
 * first. Such a report is about care, not a rule broken; it comes before every other one in the queue.
 */
export function CrisisGuidance() {
  const { t } = useTranslation([CONSOLE_NS, 'crisis']);
  const steps = ['danger', 'reachOut', 'noPunish', 'secondOpinion', 'yourself'] as const;
  return (
    <section
      aria-labelledby="crisis-guidance-title"
      className="rounded-2xl border-2 border-danger/40 bg-danger-soft/40 p-5"
      data-crisis-guidance
    >
      <h2 id="crisis-guidance-title" className="flex items-center gap-2 text-lg font-semibold">
        <HeartHandshake aria-hidden="true" className="size-5 text-danger" />
        {t('concern.guidanceTitle')}
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5">
        {steps.map((step) => (
          <li key={step}>{t(`concern.steps.${step}`)}</li>
        ))}
      </ol>
      <p className="mt-4 font-medium">{t('concern.lines')}</p>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {crisisLines.map((line) => (
          <li key={line.key} className="rounded-xl border border-line bg-surface px-3 py-2">
            <span className="block text-sm text-muted">{t(`crisis:lines.${line.key}.name`)}</span>
            <a href={`tel:${line.tel}`} className="font-semibold">
              {line.number}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
