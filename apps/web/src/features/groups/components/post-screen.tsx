import type { Post } from '@trostnetz/contracts/groups';
import { ArrowLeft, Pencil, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadingNote } from '../../../components/ui/spinner.tsx';
import { RemovalNote } from '../../../domain/moderation/removal-note.tsx';
import { CollapsedNote } from '../../../domain/posts/collapsed-note.tsx';
import { ContentNoteTags } from '../../../domain/posts/content-notes.tsx';
import { MemberText } from '../../../domain/posts/member-text.tsx';
import { PostTime } from '../../../domain/posts/post-time.tsx';
import { ReportDialog } from '../../../domain/safety/report-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useDeletePost } from '../api/delete-post.ts';
import { usePost } from '../api/get-post.ts';
import { reportContent } from '../api/report-content.ts';
import { useUpdatePost } from '../api/update-post.ts';
import { usePostUpdates } from '../hooks/use-post-updates.ts';
import { AuthorName } from './author-name.tsx';
import { CommentsSection } from './comments-section.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';
import { PostForm } from './post-form.tsx';
import { contentReasons } from './report-reasons.ts';

/** /groups/{id}/posts/{postId}: the post, what I may do with it, and its comments. */
export function PostScreen() {
  const { t } = useTranslation('groups');
  const params = useParams();
  const groupId = Number(params.id);
  const post = usePost(Number(params.postId));
  const toMessage = useErrorMessage();
  // Revealed already where the reader came from (the group's list, a dashboard feed).
  usePostUpdates(groupId, Number(params.postId));
  const location = useLocation();
  const [revealed, setRevealed] = useState(
    (location.state as { revealed?: boolean } | null)?.revealed === true,
  );

  let body: React.ReactNode;
  if (post.isPending) body = <LoadingNote>{t('loadingPost')}</LoadingNote>;
  else if (post.isError) {
    const status = isApiError(post.error) ? post.error.status : 0;
    body = (
      <>
        <h1 data-page-heading tabIndex={-1} className="sr-only">
          {t('titles.post')}
        </h1>
        {/* Outside its group a post answers 404 too; the group's page then asks the reader to join. */}
        {status === 404 ? (
          <EmptyState
            icon={SearchX}
            title={t('postNotFound.title')}
            link={{ to: `/groups/${groupId}`, label: t('toGroup') }}
          >
            {t('postNotFound.text')}
          </EmptyState>
        ) : (
          <Alert tone="error">{toMessage(post.error)}</Alert>
        )}
      </>
    );
  } else if (post.data.collapsed && !revealed) {
    body = (
      <article className="space-y-4">
        <h1 data-page-heading tabIndex={-1} className="text-2xl font-semibold tracking-tight">
          {t('collapsedPost')}
        </h1>
        <CollapsedNote
          notes={post.data.content_notes}
          onReveal={() => {
            setRevealed(true);
            // The heading changes to the title; the reader continues from there.
            requestAnimationFrame(() => document.getElementById('post-title')?.focus());
          }}
        />
      </article>
    );
  } else {
    // The comments stay folded away with the post until the reader asks for it.
    body = (
      <>
        <PostView post={post.data} />
        <CommentsSection post={post.data} />
      </>
    );
  }
  return (
    <div className="mx-auto w-full max-w-3xl space-y-8 px-4 py-8 sm:py-12">
      <Link to={`/groups/${groupId}`} className="inline-flex min-h-11 items-center gap-2 font-medium">
        <ArrowLeft aria-hidden="true" className="size-5" />
        {t('toGroup')}
      </Link>
      {body}
    </div>
  );
}

function PostView({ post }: { post: Post }) {
  const { t } = useTranslation(['groups', 'posts']);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const update = useUpdatePost(post.id);
  const remove = useDeletePost(post.id, post.group_id);
  const name = post.author?.nickname ?? t('posts:gone');

  const gone = post.state !== 'visible' && !post.mine;
  return (
    <article
      aria-labelledby="post-title"
      className="space-y-4 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7"
    >
      <h1
        id="post-title"
        data-page-heading
        tabIndex={-1}
        className="text-2xl font-semibold tracking-tight sm:text-3xl"
      >
        {gone ? t(`posts:${post.state === 'removed' ? 'removed' : 'deleted'}`) : post.title}
      </h1>
      <p className="text-sm text-muted">
        <AuthorName author={post.author} /> · <PostTime at={post.created_at} editedAt={post.edited_at} />
      </p>
      <ContentNoteTags notes={post.content_notes} />
      {editing ? (
        <PostForm
          initial={{ title: post.title, message: post.message, content_notes: post.content_notes }}
          submitLabel={t('form.save')}
          error={update.error}
          pending={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            await update.mutateAsync(values);
            setEditing(false);
            requestAnimationFrame(() => document.getElementById('post-title')?.focus());
          }}
        />
      ) : gone ? (
        <p className="text-muted italic">{t(post.state === 'removed' ? 'removedText' : 'deletedText')}</p>
      ) : (
        <>
          {post.state === 'removed' && <RemovalNote noticeId={post.notice_id} />}
          <MemberText html={post.html} className="text-lg" />
        </>
      )}
      {!editing && (
        <div className="flex flex-wrap gap-1 border-t border-line pt-3 [&>*:first-child]:-ml-3">
          {post.can_edit && (
            <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-5" />
              {t('edit')}
            </Button>
          )}
          {post.can_delete && (
            <ConfirmDelete
              title={t('deletePost.title')}
              text={t('deletePost.text')}
              onConfirm={async () => {
                await remove.mutateAsync();
                navigate(`/groups/${post.group_id}`);
              }}
            />
          )}
          {!post.mine && post.state === 'visible' && (
            <ReportDialog
              title={t('report.postTitle', { name })}
              text={t('report.text')}
              triggerLabel={t('report.button')}
              reasons={contentReasons}
              onReport={(values) => reportContent('post', post.id, values)}
            />
          )}
        </div>
      )}
    </article>
  );
}
