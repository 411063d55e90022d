import type { Comment } from '@trostnetz/contracts/groups';
import { Pencil, Reply } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { RemovalNote } from '../../../domain/moderation/removal-note.tsx';
import { MemberText } from '../../../domain/posts/member-text.tsx';
import { PostTime } from '../../../domain/posts/post-time.tsx';
import { ReportDialog } from '../../../domain/safety/report-dialog.tsx';
import { useDeleteComment } from '../api/delete-comment.ts';
import { reportContent } from '../api/report-content.ts';
import { useUpdateComment } from '../api/update-comment.ts';
import { AuthorName } from './author-name.tsx';
import { CommentForm } from './comment-form.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';
import { contentReasons } from './report-reasons.ts';

/** One comment: author, time, "neu", text (or "gelöscht"/"entfernt"), and what I may do with it. */
export function CommentItem({ comment, onReply }: { comment: Comment; onReply?: () => void }) {
  const { t } = useTranslation(['groups', 'posts']);
  const [editing, setEditing] = useState(false);
  const update = useUpdateComment(comment.post_id);
  const remove = useDeleteComment(comment.post_id);
  const gone = comment.state !== 'visible' && !comment.mine;
  const name = comment.author?.nickname ?? t('posts:gone');

  return (
    <article aria-label={t('commentBy', { name })} className="space-y-2">
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
        <AuthorName author={comment.author} />
        <span aria-hidden="true">·</span>
        <PostTime at={comment.created_at} editedAt={comment.edited_at} />
        {comment.unread && (
          <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-white">
            {t('new')}
          </span>
        )}
      </p>
      {gone ? (
        <p className="text-muted italic">
          {t(`posts:${comment.state === 'removed' ? 'removed' : 'deleted'}`)}
        </p>
      ) : editing ? (
        <CommentForm
          label={t('editComment')}
          submitLabel={t('form.save')}
          initial={comment.message}
          autoFocus
          error={update.error}
          pending={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={async (text) => {
            await update.mutateAsync({ id: comment.id, body: { comment: text } });
            setEditing(false);
          }}
        />
      ) : (
        <>
          {comment.state === 'removed' && <RemovalNote noticeId={comment.notice_id} compact />}
          <MemberText html={comment.html} />
        </>
      )}
      {!editing && (
        <div className="-ml-3 flex flex-wrap gap-1">
          {onReply && comment.state === 'visible' && (
            <Button variant="ghost" size="sm" onClick={onReply}>
              <Reply aria-hidden="true" className="size-5" />
              {t('reply')}
            </Button>
          )}
          {comment.can_edit && (
            <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-5" />
              {t('edit')}
            </Button>
          )}
          {comment.can_delete && (
            <ConfirmDelete
              title={t('deleteComment.title')}
              text={t('deleteComment.text')}
              onConfirm={() => remove.mutateAsync(comment.id)}
            />
          )}
          {!comment.mine && comment.state === 'visible' && (
            <ReportDialog
              title={t('report.commentTitle', { name })}
              text={t('report.text')}
              triggerLabel={t('report.button')}
              reasons={contentReasons}
              onReport={(values) => reportContent('comment', comment.id, values)}
            />
          )}
        </div>
      )}
    </article>
  );
}
