import type { GroupDetail } from '@trostnetz/contracts/groups';
import { ArrowLeft, SearchX, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadingNote } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useGroup } from '../api/get-group.ts';
import { GroupPosts } from './group-posts.tsx';
import { MembershipButton } from './membership-button.tsx';
import { NotificationLevelSelect } from './notification-level-select.tsx';

/** /groups/{id}: the group, a composer and its posts newest first, with new ones announced live. */
export function GroupScreen() {
  const { t } = useTranslation('groups');
  const id = Number(useParams().id);
  const group = useGroup(id);
  const toMessage = useErrorMessage();

  if (group.isPending)
    return (
      <Frame>
        <LoadingNote>{t('loading')}</LoadingNote>
      </Frame>
    );
  if (group.isError) {
    return (
      <Frame>
        <h1 data-page-heading tabIndex={-1} className="sr-only">
          {t('titles.group')}
        </h1>
        {isApiError(group.error) && group.error.status === 404 ? (
          <EmptyState icon={SearchX} title={t('notFound.title')} link={{ to: '/groups', label: t('back') }}>
            {t('notFound.text')}
          </EmptyState>
        ) : (
          <Alert tone="error">{toMessage(group.error)}</Alert>
        )}
      </Frame>
    );
  }
  return (
    <Frame>
      <GroupHeader group={group.data} />
      {group.data.joined ? (
        <GroupPosts group={group.data} />
      ) : (
        <EmptyState
          icon={Users}
          title={t('joinFirst.title')}
          action={<MembershipButton group={group.data} />}
        >
          {t('joinFirst.text')}
        </EmptyState>
      )}
    </Frame>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('groups');
  return (
    <div className="mx-auto w-full max-w-3xl space-y-8 px-4 py-8 sm:py-12">
      <Link to="/groups" className="inline-flex min-h-11 items-center gap-2 font-medium">
        <ArrowLeft aria-hidden="true" className="size-5" />
        {t('back')}
      </Link>
      {children}
    </div>
  );
}

function GroupHeader({ group }: { group: GroupDetail }) {
  const { t } = useTranslation('groups');
  return (
    <header className="space-y-4">
      <h1 data-page-heading tabIndex={-1} className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {group.name}
      </h1>
      <p className="max-w-prose text-lg text-muted">{group.description}</p>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <span className="inline-flex items-center gap-1.5 text-muted">
          <Users aria-hidden="true" className="size-5" />
          {t('members', { count: group.member_count })}
        </span>
        <div className="flex flex-wrap items-end gap-3">
          {group.joined && <NotificationLevelSelect group={group} />}
          <MembershipButton group={group} />
        </div>
      </div>
    </header>
  );
}
