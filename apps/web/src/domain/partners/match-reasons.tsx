import type { MatchReason } from '@trostnetz/contracts/partners';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** "Warum ihr passt": the questions both answered alike and the shared answers. */
export function MatchReasons({
  reasons,
  headingLevel = 3,
}: {
  reasons: MatchReason[];
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('friendship');
  if (!reasons.length) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div>
      <Heading className="flex items-center gap-2 font-semibold">
        <Sparkles aria-hidden="true" className="size-4 text-accent-strong" />
        {t('reasons.title')}
      </Heading>
      <ul className="mt-2 space-y-1.5 text-sm">
        {reasons.map((reason) => (
          <li key={reason.question}>
            <span className="text-muted">{reason.question}</span>{' '}
            <span className="font-medium">{reason.answers.join(', ')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
