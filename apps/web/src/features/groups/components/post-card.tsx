import type { Post } from '@trostnetz/contracts/groups';
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CollapsedNote } from '../../../domain/posts/collapsed-note.tsx';
import { ContentNoteTags } from '../../../domain/posts/content-notes.tsx';
import { MemberText } from '../../../domain/posts/member-text.tsx';
import { PostTime } from '../../../domain/posts/post-time.tsx';
import { AuthorName } from './author-name.tsx';

/** One post in a group's list: title, author, time, "neu", notes; collapsed ones only their notes. */
export function PostCard({ post }: { post: Post }) {
  const { t } = useTranslation('groups');
  const [revealed, setRevealed] = useState(false);
  const collapsed = post.collapsed && !revealed;
  const headingId = `post-${post.id}`;
  return (
    <article
      aria-labelledby={collapsed ? undefined : headingId}
      aria-label={collapsed ? t('collapsedPost') : undefined}
      className="rounded-2xl border border-line bg-surface p-5 shadow-sm"
    >
      {collapsed ? (
        <CollapsedNote notes={post.content_notes} onReveal={() => setRevealed(true)} />
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <h3 id={headingId} className="text-lg font-semibold">
              <Link
                to={`/groups/${post.group_id}/posts/${post.id}`}
                state={{ revealed }}
                className="text-ink"
              >
                {post.title}
              </Link>
            </h3>
            {post.unread && (
              <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-white">
                {t('new')}
              </span>
            )}
          </div>
          <p className="text-sm text-muted">
            <AuthorName author={post.author} /> · <PostTime at={post.created_at} editedAt={post.edited_at} />
          </p>
          <ContentNoteTags notes={post.content_notes} />
          <MemberText html={post.html} className="max-h-44 overflow-hidden" />
          <Link
            to={`/groups/${post.group_id}/posts/${post.id}`}
            state={{ revealed }}
            className="inline-flex min-h-11 items-center gap-2 font-semibold"
          >
            <MessageSquare aria-hidden="true" className="size-5" />
            {t('openPost', { count: post.comment_count })}
            <span className="sr-only">: {post.title}</span>
          </Link>
        </div>
      )}
    </article>
  );
}
