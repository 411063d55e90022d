import { FEEDS, type Feed } from '@trostnetz/contracts/feeds';
import type { FeedItem } from '@trostnetz/contracts/groups';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { CollapsedNote } from '../../../domain/posts/collapsed-note.tsx';
import { ContentNoteTags } from '../../../domain/posts/content-notes.tsx';
import { PostTime } from '../../../domain/posts/post-time.tsx';
import { useFeedPages, useFeeds } from '../api/get-feeds.ts';

/** The three group feeds: replies to me, my partners' posts, posts about a loss like mine. */
export function GroupFeeds() {
  const { t } = useTranslation('dashboard');
  const feeds = useFeeds();
  return (
    <section aria-labelledby="group-feeds" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="group-feeds" className="text-xl font-semibold">
          {t('feeds.title')}
        </h2>
        <Link to="/groups" className="font-medium">
          {t('feeds.allGroups')}
        </Link>
      </div>
      <QueryView query={feeds} loading={t('feeds.loading')}>
        {(data) => (
          <div className="space-y-4">
            {FEEDS.map((feed) => (
              <FeedCard key={feed} feed={feed} preview={data[feed]} />
            ))}
          </div>
        )}
      </QueryView>
    </section>
  );
}

function FeedCard({ feed, preview }: { feed: Feed; preview: FeedItem[] }) {
  const { t } = useTranslation('dashboard');
  const [more, setMore] = useState(false);
  const pages = useFeedPages(feed, more);
  const items = more && pages.data ? pages.data.pages.flatMap((p) => p.data) : preview;
  const headingId = `feed-${feed}`;
  return (
    <Card aria-labelledby={headingId} data-feed={feed}>
      <h3 id={headingId} className="text-lg font-semibold">
        {t(`feeds.${feed}.title`)}
      </h3>
      {items.length === 0 ? (
        <p className="mt-2 text-muted">{t(`feeds.${feed}.empty`)}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {items.map((item) => (
            <li key={`${item.post.id}-${item.comment?.id ?? 0}`} className="py-3">
              <FeedEntry feed={feed} item={item} />
            </li>
          ))}
        </ul>
      )}
      {pages.isError && <Alert tone="error">{t('feeds.failed')}</Alert>}
      {!more && preview.length >= 3 && (
        <Button variant="ghost" size="sm" className="mt-2 -ml-3" onClick={() => setMore(true)}>
          {t('feeds.more')}
        </Button>
      )}
      {more && pages.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2 -ml-3"
          loading={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {t('feeds.loadMore')}
        </Button>
      )}
    </Card>
  );
}

function FeedEntry({ feed, item }: { feed: Feed; item: FeedItem }) {
  const { t } = useTranslation(['dashboard', 'posts']);
  const [revealed, setRevealed] = useState(false);
  const { post, comment } = item;
  const to = `/groups/${post.group_id}/posts/${post.id}`;
  if (post.collapsed && !revealed) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-muted">{post.group_name}</p>
        <CollapsedNote notes={post.content_notes} onReveal={() => setRevealed(true)} />
      </div>
    );
  }
  const who = (feed === 'replies' ? comment?.author : post.author)?.nickname ?? t('posts:gone');
  return (
    <div className="space-y-1">
      <p className="text-sm text-muted">
        {feed === 'replies'
          ? t('feeds.repliedTo', { name: who })
          : t('feeds.postedIn', { name: who, group: post.group_name })}
      </p>
      <Link to={to} state={{ revealed }} className="font-semibold">
        {post.title}
      </Link>
      {comment?.excerpt && (
        <p className="line-clamp-2 text-muted">{t('feeds.excerpt', { text: comment.excerpt })}</p>
      )}
      <p className="text-sm text-muted">
        <PostTime at={comment?.created_at ?? post.created_at} />
      </p>
      <ContentNoteTags notes={post.content_notes} />
    </div>
  );
}
