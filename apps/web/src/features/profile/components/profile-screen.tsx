import { PenLine, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { useUserStore } from '../../../lib/storage/user-store.ts';

/** The member's own profile as others see it; editing arrives with the profile issue. */
export function ProfileScreen() {
  const { t, i18n } = useTranslation('profile');
  const user = useUserStore((s) => s.user);
  if (!user) return null;
  const since = new Date(user.created_at);
  return (
    <Page title={t('titles.profile')} intro={t('intro')}>
      <Card aria-label={user.nickname}>
        <div className="flex items-center gap-4">
          {user.avatar ? (
            <img src={user.avatar} alt={t('avatarAlt')} className="size-20 rounded-full object-cover" />
          ) : (
            <span className="grid size-20 place-items-center rounded-full bg-accent-soft text-accent-strong">
              <UserRound aria-hidden="true" className="size-10" />
            </span>
          )}
          <dl className="min-w-0 space-y-1">
            <div>
              <dt className="sr-only">{t('nickname')}</dt>
              <dd className="truncate text-xl font-semibold">{user.nickname}</dd>
            </div>
            {!Number.isNaN(since.getTime()) && (
              <div className="text-muted">
                <dt className="inline">{t('memberSince')}: </dt>
                <dd className="inline">
                  {since.toLocaleDateString(i18n.language, { month: 'long', year: 'numeric' })}
                </dd>
              </div>
            )}
          </dl>
        </div>
        <dl className="mt-6 border-t border-line pt-4">
          <dt className="text-sm text-muted">{t('email')}</dt>
          <dd className="wrap-anywhere">{user.email}</dd>
        </dl>
      </Card>
      <section aria-labelledby="about" className="space-y-3">
        <h2 id="about" className="text-xl font-semibold">
          {t('about')}
        </h2>
        {user.about ? (
          <Card>
            <p className="whitespace-pre-line">{user.about}</p>
          </Card>
        ) : (
          <EmptyState icon={PenLine} title={t('aboutEmpty.title')}>
            {t('aboutEmpty.text')}
          </EmptyState>
        )}
      </section>
    </Page>
  );
}
