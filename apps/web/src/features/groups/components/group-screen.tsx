import { useQueryClient } from '@tanstack/react-query';
import type { GroupDetail } from '@trostnetz/contracts/groups';
import { groupChannel } from '@trostnetz/contracts/realtime';
import { ArrowLeft, PenLine, SearchX, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadingNote } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useCreatePost } from '../api/create-post.ts';
import { useGroup } from '../api/get-group.ts';
import { getPost } from '../api/get-post.ts';
import { usePosts } from '../api/get-posts.ts';
import { groupKeys } from '../api/keys.ts';
import { markGroupSeen } from '../api/mark-seen.ts';
import { useLiveNews } from '../hooks/use-live-news.ts';
import { MembershipButton } from './membership-button.tsx';
import { NewsBanner } from './news-banner.tsx';
import { NotificationLevelSelect } from './notification-level-select.tsx';
import { PostCard } from './post-card.tsx';
import { PostForm } from './post-form.tsx';

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

function GroupPosts({ group }: { group: GroupDetail }) {
  const { t } = useTranslation('groups');
  const client = useQueryClient();
  const posts = usePosts(group.id, true);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const seen = useRef(false);

  // The member has seen the group once its first page shows; the markers on it stay as loaded.
  useEffect(() => {
    if (!posts.isSuccess || seen.current) return;
    seen.current = true;
    markGroupSeen(group.id)
      .then(() => client.invalidateQueries({ queryKey: groupKeys.lists }))
      .catch(() => {});
  }, [posts.isSuccess, group.id, client]);

  const live = useLiveNews({
    kind: 'group',
    channel: groupChannel(group.id),
    enabled: true,
    handlers: (announce) => ({
      PostCreated: ({ post_id }) => {
        const loaded = posts.data?.pages.some((p) => p.data.some((item) => item.id === post_id));
        if (loaded) return;
        // Counted only when it answers 200 and is someone else's (the API applies the hidden list).
        announce(post_id, () => getPost(post_id).then((p) => !p.mine && p.state === 'visible'));
      },
      // An edit shows in place; a post that is gone for me stays until the list is loaded again.
      PostUpdated: ({ id }) => {
        const loaded = posts.data?.pages.some((p) => p.data.some((item) => item.id === id));
        if (!loaded) return;
        getPost(id)
          .then((fresh) => {
            if (fresh.state !== 'visible') return;
            client.setQueryData(
              groupKeys.posts(group.id),
              (data: typeof posts.data) =>
                data && {
                  ...data,
                  pages: data.pages.map((page) => ({
                    ...page,
                    data: page.data.map((item) => (item.id === id ? fresh : item)),
                  })),
                },
            );
          })
          .catch(() => {});
      },
    }),
  });

  const showNews = async () => {
    live.clear();
    await client.resetQueries({ queryKey: groupKeys.posts(group.id) });
    listHeading.current?.focus();
  };

  const items = posts.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <>
      <Composer groupId={group.id} />
      <section aria-labelledby="posts-heading" className="space-y-4">
        <h2 id="posts-heading" ref={listHeading} tabIndex={-1} className="text-xl font-semibold">
          {t('posts')}
        </h2>
        {posts.isPending && <LoadingNote>{t('loadingPosts')}</LoadingNote>}
        {posts.isError && <Alert tone="error">{t('postsFailed')}</Alert>}
        {posts.isSuccess && items.length === 0 && (
          <EmptyState icon={PenLine} title={t('noPosts.title')}>
            {t('noPosts.text')}
          </EmptyState>
        )}
        <ul className="space-y-4">
          {items.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
        {posts.hasNextPage && (
          <div className="flex justify-center">
            <Button
              variant="secondary"
              loading={posts.isFetchingNextPage}
              onClick={() => void posts.fetchNextPage()}
            >
              {t('loadMore')}
            </Button>
          </div>
        )}
      </section>
      <NewsBanner
        text={live.count > 0 ? t('newPosts', { count: live.count }) : null}
        action={t('show')}
        onShow={() => void showNews()}
      />
    </>
  );
}

/** "Beitrag schreiben" opens the form; after publishing, focus goes to the list with the new post. */
function Composer({ groupId }: { groupId: number }) {
  const { t } = useTranslation('groups');
  const [open, setOpen] = useState(false);
  const [published, setPublished] = useState(false);
  const create = useCreatePost();

  if (!open) {
    return (
      <div className="space-y-3">
        {published && <Alert tone="success">{t('published')}</Alert>}
        <Button
          onClick={() => {
            setOpen(true);
            setPublished(false);
          }}
        >
          <PenLine aria-hidden="true" className="size-5" />
          {t('write')}
        </Button>
      </div>
    );
  }
  return (
    <section
      aria-labelledby="composer-heading"
      className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7"
    >
      <h2 id="composer-heading" className="mb-4 text-xl font-semibold">
        {t('write')}
      </h2>
      <PostForm
        submitLabel={t('form.publish')}
        error={create.error}
        pending={create.isPending}
        onCancel={() => setOpen(false)}
        onSubmit={async (values) => {
          await create.mutateAsync({ group_id: groupId, ...values });
          setOpen(false);
          setPublished(true);
          document.getElementById('posts-heading')?.focus();
        }}
      />
    </section>
  );
}
