import { FriendStatus } from '@trostnetz/contracts/friend-status';
import type { User } from '@trostnetz/contracts/user';
import { Bookmark, MessageCircle, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CrisisHelpList } from '../../../components/crisis/crisis-help-list.tsx';
import { OnboardingFirst } from '../../../components/onboarding/onboarding-first.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadingNote } from '../../../components/ui/spinner.tsx';
import { usePartners } from '../../../domain/partners/partners.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { useFeeds } from '../api/get-feeds.ts';
import { useSuggestions } from '../api/get-suggestions.ts';
import { GroupFeeds } from './group-feeds.tsx';
import { MatchingSettings } from './matching-settings.tsx';
import { PartnerList, ReceivedRequests } from './partner-lists.tsx';
import { SuggestionsSection } from './suggestions-section.tsx';

/** Welcome; before onboarding the questionnaire, afterwards requests, suggestions and partners. */
export function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  const user = useUserStore((s) => s.user);
  if (!user) return null;
  const onboardingDone = user.matching_step < 0;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12">
      <h1 data-page-heading tabIndex={-1} className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {t('welcome', { nickname: user.nickname })}
      </h1>
      <p className="mt-3 max-w-prose text-lg text-muted">{onboardingDone ? t('introMatched') : t('intro')}</p>

      <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="min-w-0 space-y-8">{onboardingDone ? <Matched user={user} /> : <NextStep />}</div>
        <div className="space-y-6">
          {onboardingDone && <MatchingSettings user={user} />}
          <Card aria-labelledby="crisis-help" className="h-fit">
            <h2 id="crisis-help" className="text-lg font-semibold">
              {t('crisis.title')}
            </h2>
            <p className="mt-1 mb-4 text-muted">{t('crisis.text')}</p>
            <CrisisHelpList />
          </Card>
        </div>
      </div>
    </div>
  );
}

function Matched({ user }: { user: User }) {
  const { t } = useTranslation(['dashboard', 'friendship']);
  const partners = usePartners();
  const suggestions = useSuggestions(true);
  const feeds = useFeeds();
  const list = partners.data ?? [];

  // One calm moment of loading, then everything at once: sections arriving one after another pushed what a
  // member had begun to read down the screen (Lighthouse measured 0.18 of layout shift on a phone, a slow
  // phone 0.64). The space it holds keeps the column beside it below the fold on a phone until then.
  if (partners.isPending || suggestions.isPending || feeds.isPending) {
    return (
      <div className="min-h-[75vh]" aria-busy="true" data-testid="dashboard-loading">
        <LoadingNote>{t('loadingOverview')}</LoadingNote>
      </div>
    );
  }

  return (
    <>
      <ReceivedRequests partners={list.filter((p) => p.friend_status === FriendStatus.received)} />
      <SuggestionsSection paused={!user.matching_status} />
      <GroupFeeds />
      <PartnerList
        id="befriended"
        title={t('partners.befriended')}
        status={t('friendship:status.befriended')}
        partners={list.filter((p) => p.friend_status === FriendStatus.befriended)}
      />
      <PartnerList
        id="sent-requests"
        title={t('partners.sent')}
        status={t('friendship:status.sent')}
        partners={list.filter((p) => p.friend_status === FriendStatus.sent)}
      />
    </>
  );
}

function NextStep() {
  const { t } = useTranslation('dashboard');
  const places = [
    { to: '/chat', icon: MessageCircle, key: 'chat' },
    { to: '/watchlist', icon: Bookmark, key: 'watchlist' },
    { to: '/profile', icon: UserRound, key: 'profile' },
  ];
  return (
    <>
      <OnboardingFirst />
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
    </>
  );
}
