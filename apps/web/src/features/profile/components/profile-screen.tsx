import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { useOwnProfile } from '../api/get-own-profile.ts';
import { AnswersEditor } from './answers-editor.tsx';
import { AvatarEditor } from './avatar-editor.tsx';
import { ProfileForm } from './profile-form.tsx';

/** The member's own profile: picture, motto, about, who sees what, and the questionnaire answers. */
export function ProfileScreen() {
  const { t, i18n } = useTranslation('profile');
  const user = useUserStore((s) => s.user);
  const profile = useOwnProfile();
  if (!user) return null;
  const since = new Date(user.created_at);
  return (
    <Page title={t('titles.profile')} intro={t('intro')}>
      <Card aria-labelledby="profile-picture">
        <h2 id="profile-picture" className="sr-only">
          {t('avatar.title')}
        </h2>
        <AvatarEditor avatar={user.avatar} />
        <dl className="mt-6 space-y-3 border-t border-line pt-4">
          <div>
            <dt className="text-sm text-muted">{t('nickname')}</dt>
            <dd className="truncate text-xl font-semibold">{user.nickname}</dd>
          </div>
          {!Number.isNaN(since.getTime()) && (
            <div>
              <dt className="text-sm text-muted">{t('memberSince')}</dt>
              <dd>{since.toLocaleDateString(i18n.language, { month: 'long', year: 'numeric' })}</dd>
            </div>
          )}
          <div>
            <dt className="text-sm text-muted">{t('email')}</dt>
            <dd className="wrap-anywhere">{user.email}</dd>
          </div>
        </dl>
      </Card>
      <section aria-labelledby="profile-texts" className="space-y-3">
        <h2 id="profile-texts" className="text-xl font-semibold">
          {t('form.title')}
        </h2>
        <Card>
          <QueryView query={profile} loading={t('loading')}>
            {(data) => <ProfileForm profile={data} />}
          </QueryView>
        </Card>
      </section>
      {user.matching_step < 0 && <AnswersEditor />}
    </Page>
  );
}
