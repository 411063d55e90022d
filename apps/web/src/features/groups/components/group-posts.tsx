import { useQueryClient } from '@tanstack/react-query';
import type { GroupDetail } from '@trostnetz/contracts/groups';
import { PenLine } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadingNote } from '../../../components/ui/spinner.tsx';
import { useCreatePost } from '../api/create-post.ts';
import { getPost } from '../api/get-post.ts';
import { getPosts, usePosts } from '../api/get-posts.ts';
import { groupKeys } from '../api/keys.ts';
import { markGroupSeen } from '../api/mark-seen.ts';
import { useLiveNews } from '../hooks/use-live-news.ts';
import { useNewsChannel } from '../hooks/use-news-channel.ts';
import { NewsBanner } from './news-banner.tsx';
import { PostCard } from './post-card.tsx';
import { PostForm } from './post-form.tsx';

/** A group's posts for its members: the composer, the list newest first, new ones announced live. */
export function GroupPosts({ group }: { group: GroupDetail }) {
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

  const channel = useNewsChannel('group', group.id);
  const live = useLiveNews({
    kind: 'group',
    channel: channel ?? '',
    enabled: channel !== null,
    shown: posts.data?.pages.flatMap((page) => page.data.map((item) => item.id)) ?? [],
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
    // The newest page, for posts written while this screen was joining the group's channel.
    catchUp: async () => {
      if (!posts.isSuccess) return [];
      const loaded = new Set(posts.data.pages.flatMap((p) => p.data.map((item) => item.id)));
      const newest = await getPosts(group.id, null);
      return newest.data
        .filter((p) => !loaded.has(p.id) && !p.mine && p.state === 'visible')
        .map((p) => p.id);
    },
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
      <section
        aria-labelledby="posts-heading"
        className="space-y-4"
        data-live-state={live.live ? 'subscribed' : 'joining'}
      >
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
