import { isPending } from '@trostnetz/contracts/friendship';
import type { ForeignProfile } from '@trostnetz/contracts/partners';
import { Bookmark, BookmarkCheck, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { LoadingNote } from '../../../components/ui/spinner.tsx';
import { FriendWordsNote } from '../../../domain/friendship/friend-words.tsx';
import { MatchReasons } from '../../../domain/partners/match-reasons.tsx';
import { PartnerAvatar, useDisplayName } from '../../../domain/partners/partner-avatar.tsx';
import { useSetWatched } from '../../../domain/watchlist/watchlist.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { getLocale } from '../../../lib/i18n.ts';
import { useProfile } from '../api/get-profile.ts';
import { FriendshipActions } from './friendship-actions.tsx';
import { HideDialog } from './hide-dialog.tsx';
import { ReportProfileDialog } from './report-dialog.tsx';

/** A partner's profile (/profile/:id): who they are, why you match, and what you can do. */
export function PartnerProfileScreen() {
  const { t } = useTranslation(['partners', 'common']);
  const id = Number(useParams().id);
  const profile = useProfile(id);
  const toMessage = useErrorMessage();

  if (!Number.isInteger(id) || (isApiError(profile.error) && profile.error.status === 404)) {
    return (
      <Page title={t('titles.partner')}>
        <EmptyState
          icon={UserRound}
          title={t('empty.title')}
          link={{ to: '/dashboard', label: t('empty.action') }}
        >
          {t('empty.text')}
        </EmptyState>
      </Page>
    );
  }
  if (profile.isPending) {
    return (
      <Page title={t('titles.partner')}>
        <LoadingNote>{t('common:loading')}</LoadingNote>
      </Page>
    );
  }
  if (profile.isError) {
    return (
      <Page title={t('titles.partner')}>
        <Alert tone="error">{toMessage(profile.error)}</Alert>
      </Page>
    );
  }
  return <Profile profile={profile.data} />;
}

function Profile({ profile }: { profile: ForeignProfile }) {
  const { t } = useTranslation(['partners', 'friendship']);
  const name = useDisplayName()(profile.nickname);
  const since = new Intl.DateTimeFormat(getLocale(), { month: 'long', year: 'numeric' }).format(
    new Date(profile.member_since),
  );
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <Card>
        <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
          <PartnerAvatar
            nickname={profile.nickname}
            avatar={profile.avatar}
            online={profile.online}
            size="lg"
          />
          <div className="min-w-0">
            <h1 data-page-heading tabIndex={-1} className="text-2xl font-semibold tracking-tight sm:text-3xl">
              {name}
            </h1>
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-muted">
              {profile.role && <li>{t(`role.${profile.role}`)}</li>}
              <li>{t('memberSince', { date: since })}</li>
              {profile.online && <li className="font-medium text-accent-strong">{t('friendship:online')}</li>}
            </ul>
            {profile.motto && (
              <p className="mt-2 text-lg italic">
                <q>{profile.motto}</q>
              </p>
            )}
          </div>
        </div>
        {profile.details.length > 0 && (
          <dl className="mt-6 grid gap-3 sm:grid-cols-2">
            {profile.details.map((detail) => (
              <div key={detail.key}>
                <dt className="text-sm text-muted">{detail.question}</dt>
                <dd>{detail.answers.join(', ')}</dd>
              </div>
            ))}
          </dl>
        )}
        {profile.about && (
          <div className="mt-6">
            <h2 className="font-semibold">{t('about')}</h2>
            <p className="mt-1 whitespace-pre-line">{profile.about}</p>
          </div>
        )}
        {profile.reason.length > 0 && (
          <div className="mt-6 rounded-xl bg-accent-soft/60 p-4">
            <MatchReasons reasons={profile.reason} headingLevel={2} />
          </div>
        )}
      </Card>

      <Card aria-labelledby="connection">
        <h2 id="connection" className="mb-3 text-lg font-semibold">
          {t('connection')}
        </h2>
        {profile.request_message && isPending(profile.friend_status) && (
          <blockquote className="mb-4 rounded-lg border-l-4 border-accent bg-canvas px-4 py-2 whitespace-pre-line">
            <span className="block text-sm text-muted">{t('requestMessage')}</span>
            {profile.request_message}
          </blockquote>
        )}
        {profile.words && (
          <FriendWordsNote
            action={profile.words.action}
            message={profile.words.message}
            name={name}
            className="mb-4"
          />
        )}
        <FriendshipActions profile={profile} name={name} />
      </Card>

      <div className="flex flex-wrap gap-2">
        <WatchButton id={profile.id} watched={profile.is_watched} />
        <HideDialog id={profile.id} name={name} />
        <ReportProfileDialog id={profile.id} name={name} />
      </div>
    </div>
  );
}

function WatchButton({ id, watched }: { id: number; watched: boolean }) {
  const { t } = useTranslation('partners');
  const setWatched = useSetWatched();
  const toMessage = useErrorMessage();
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        loading={setWatched.isPending}
        onClick={() => setWatched.mutate({ id, watched: !watched })}
      >
        {watched ? (
          <BookmarkCheck aria-hidden="true" className="size-5" />
        ) : (
          <Bookmark aria-hidden="true" className="size-5" />
        )}
        {watched ? t('watch.watched') : t('watch.button')}
      </Button>
      {setWatched.isError && (
        <Alert tone="error" className="w-full">
          {toMessage(setWatched.error)}
        </Alert>
      )}
    </>
  );
}
