import { useQueryClient } from '@tanstack/react-query';
import type { Comment, Post } from '@trostnetz/contracts/groups';
import { MessagesSquare } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingNote } from '../../../components/ui/spinner.tsx';
import { useCreateComment } from '../api/create-comment.ts';
import { getComments, useComments } from '../api/get-comments.ts';
import { groupKeys } from '../api/keys.ts';
import { markPostSeen } from '../api/mark-seen.ts';
import { useLiveNews } from '../hooks/use-live-news.ts';
import { useNewsChannel } from '../hooks/use-news-channel.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentItem } from './comment-item.tsx';
import { NewsBanner } from './news-banner.tsx';

/** Every comment I may read (the comment pages apply the hidden list). */
async function readableComments(postId: number): Promise<Comment[]> {
  const found: Comment[] = [];
  let cursor: string | null = null;
  do {
    const page = await getComments(postId, cursor);
    found.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return found;
}

/** Whether comment `id` is one I may read and someone else's. */
async function isNewForMe(postId: number, id: number): Promise<boolean> {
  const found = (await readableComments(postId)).find((c) => c.id === id);
  return found ? !found.mine : false;
}

/** Comments oldest first with one level of replies; new ones announced live. */
export function CommentsSection({ post }: { post: Post }) {
  const { t } = useTranslation('groups');
  const client = useQueryClient();
  const comments = useComments(post.id, true);
  const create = useCreateComment(post.id);
  const heading = useRef<HTMLHeadingElement>(null);
  const seen = useRef(false);
  const [replyTo, setReplyTo] = useState<number | null>(null);

  useEffect(() => {
    if (!comments.isSuccess || seen.current) return;
    seen.current = true;
    markPostSeen(post.id).catch(() => {});
  }, [comments.isSuccess, post.id]);

  const all = comments.data?.pages.flatMap((page) => page.data) ?? [];
  const channel = useNewsChannel('post', post.id);
  const live = useLiveNews({
    kind: 'post',
    channel: channel ?? '',
    enabled: channel !== null,
    shown: all.map((c) => c.id),
    handlers: (announce) => ({
      CommentCreated: ({ comment_id }) => {
        if (all.some((c) => c.id === comment_id)) return;
        announce(comment_id, () => isNewForMe(post.id, comment_id));
      },
      CommentUpdated: () => void client.invalidateQueries({ queryKey: groupKeys.comments(post.id) }),
    }),
    // Comments written while this screen was joining the post's channel.
    catchUp: async () => {
      if (!comments.isSuccess) return [];
      const loaded = new Set(all.map((c) => c.id));
      return (await readableComments(post.id)).filter((c) => !loaded.has(c.id) && !c.mine).map((c) => c.id);
    },
  });

  const showNews = async () => {
    live.clear();
    await client.invalidateQueries({ queryKey: groupKeys.comments(post.id) });
    heading.current?.focus();
  };

  const topLevel = all.filter((c) => c.parent_id === null);
  const repliesOf = (id: number) => all.filter((c) => c.parent_id === id);

  return (
    <section
      aria-labelledby="comments-heading"
      className="space-y-5"
      data-live-state={live.live ? 'subscribed' : 'joining'}
    >
      <h2 id="comments-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {t('comments', { count: post.comment_count })}
      </h2>
      {comments.isPending && <LoadingNote>{t('loadingComments')}</LoadingNote>}
      {comments.isError && <Alert tone="error">{t('commentsFailed')}</Alert>}
      {comments.isSuccess && topLevel.length === 0 && (
        <p className="flex items-center gap-2 text-muted">
          <MessagesSquare aria-hidden="true" className="size-5" />
          {t('noComments')}
        </p>
      )}
      <ol className="space-y-4">
        {topLevel.map((comment) => (
          <li key={comment.id} className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
            <CommentItem comment={comment} onReply={() => setReplyTo(comment.id)} />
            <Replies
              parent={comment}
              replies={repliesOf(comment.id)}
              replying={replyTo === comment.id}
              onDone={() => setReplyTo(null)}
            />
          </li>
        ))}
      </ol>
      {comments.hasNextPage && (
        <Button
          variant="secondary"
          loading={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        >
          {t('loadMoreComments')}
        </Button>
      )}
      {post.state === 'visible' && (
        <div className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
          <CommentForm
            label={t('writeComment')}
            submitLabel={t('sendComment')}
            error={create.error}
            pending={create.isPending}
            onSubmit={(text) => create.mutateAsync({ comment: text })}
          />
        </div>
      )}
      <NewsBanner
        text={live.count > 0 ? t('newComments', { count: live.count }) : null}
        action={t('show')}
        onShow={() => void showNews()}
      />
    </section>
  );
}

function Replies({
  parent,
  replies,
  replying,
  onDone,
}: {
  parent: Comment;
  replies: Comment[];
  replying: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('groups');
  const create = useCreateComment(parent.post_id);
  if (replies.length === 0 && !replying) return null;
  return (
    <div className="mt-4 space-y-4 border-l-2 border-line pl-4 sm:pl-6">
      {replies.length > 0 && (
        <ol className="space-y-4" aria-label={t('repliesTo', { name: parent.author?.nickname ?? '' })}>
          {replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem comment={reply} />
            </li>
          ))}
        </ol>
      )}
      {replying && (
        <CommentForm
          label={t('writeReply', { name: parent.author?.nickname ?? '' })}
          submitLabel={t('sendReply')}
          autoFocus
          error={create.error}
          pending={create.isPending}
          onCancel={onDone}
          onSubmit={async (text) => {
            await create.mutateAsync({ comment: text, parent_id: parent.id });
            onDone();
          }}
        />
      )}
    </div>
  );
}
