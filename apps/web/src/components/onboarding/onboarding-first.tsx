import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppConfig } from '../../lib/config.ts';
import { buttonClass } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';

/**
 * "Answer the questions first": what the dashboard and every screen that needs a finished
 * questionnaire show before it is answered (the API refuses those with onboarding_required).
 */
export function OnboardingFirst() {
  const { t } = useTranslation('onboarding');
  const { onboarding_url } = useAppConfig();
  return (
    <Card aria-labelledby="onboarding-first" tone="accent">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-surface text-accent-strong">
          <ClipboardList aria-hidden="true" className="size-6" />
        </span>
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent-strong uppercase">
            {t('first.label')}
          </p>
          <h2 id="onboarding-first" className="mt-1 text-xl font-semibold">
            {t('first.title')}
          </h2>
          <p className="mt-2 max-w-prose">{t('first.text')}</p>
          <div className="mt-4">
            {onboarding_url.startsWith('/') ? (
              <Link to={onboarding_url} className={buttonClass('primary')}>
                {t('first.action')}
              </Link>
            ) : (
              <a href={onboarding_url} className={buttonClass('primary')}>
                {t('first.action')}
              </a>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}
