import { Bookmark, ClipboardList, HeartHandshake, MessageCircle, PauseCircle, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CrisisHelpList } from '../../../components/crisis/crisis-help-list.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useAppConfig } from '../../../lib/config.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';

/** Welcome, the next step (onboarding or matching) and crisis help. */
export function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  const user = useUserStore((s) => s.user);
  const { onboarding_url } = useAppConfig();
  if (!user) return null;
  const onboardingDone = user.matching_step < 0;

  const places = [
    { to: '/chat', icon: MessageCircle, key: 'chat' },
    { to: '/watchlist', icon: Bookmark, key: 'watchlist' },
    { to: '/profile', icon: UserRound, key: 'profile' },
  ];

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12">
      <h1 data-page-heading tabIndex={-1} className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {t('welcome', { nickname: user.nickname })}
      </h1>
      <p className="mt-3 max-w-prose text-lg text-muted">{t('intro')}</p>

      <div className="mt-8 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          <Card aria-labelledby="next-step" tone="accent">
            {!onboardingDone ? (
              <NextStep
                icon={ClipboardList}
                id="next-step"
                title={t('next.onboardingTitle')}
                text={t('next.onboardingText')}
              >
                <a href={onboarding_url} className={buttonClass('primary')}>
                  {t('next.onboardingAction')}
                </a>
              </NextStep>
            ) : user.matching_status ? (
              <NextStep
                icon={HeartHandshake}
                id="next-step"
                title={t('next.matchingTitle')}
                text={t('next.matchingText')}
              />
            ) : (
              <NextStep
                icon={PauseCircle}
                id="next-step"
                title={t('next.pausedTitle')}
                text={t('next.pausedText')}
              >
                <Link to="/settings" className={buttonClass('secondary')}>
                  {t('next.pausedAction')}
                </Link>
              </NextStep>
            )}
          </Card>

          <section aria-labelledby="places">
            <h2 id="places" className="text-lg font-semibold">
              {t('places.title')}
            </h2>
            <ul className="mt-3 grid gap-3 sm:grid-cols-3">
              {places.map(({ to, icon: Icon, key }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="flex h-full flex-col gap-2 rounded-2xl border border-line bg-surface p-4 text-ink no-underline hover:border-accent"
                  >
                    <Icon aria-hidden="true" className="size-6 text-accent-strong" />
                    <span className="font-semibold">{t(`places.${key}.title`)}</span>
                    <span className="text-sm text-muted">{t(`places.${key}.text`)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </div>

        <Card aria-labelledby="crisis-help" className="h-fit">
          <h2 id="crisis-help" className="text-lg font-semibold">
            {t('crisis.title')}
          </h2>
          <p className="mt-1 mb-4 text-muted">{t('crisis.text')}</p>
          <CrisisHelpList />
        </Card>
      </div>
    </div>
  );
}

function NextStep({
  icon: Icon,
  id,
  title,
  text,
  children,
}: {
  icon: typeof ClipboardList;
  id: string;
  title: string;
  text: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <span className="grid size-12 shrink-0 place-items-center rounded-full bg-surface text-accent-strong">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div>
        <p className="text-sm font-semibold tracking-wide text-accent-strong uppercase">{t('next.label')}</p>
        <h2 id={id} className="mt-1 text-xl font-semibold">
          {title}
        </h2>
        <p className="mt-2 max-w-prose">{text}</p>
        {children && <div className="mt-4">{children}</div>}
      </div>
    </div>
  );
}
