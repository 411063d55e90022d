import type { PostAuthor } from '@trostnetz/contracts/groups';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserStore } from '../../../lib/storage/user-store.ts';

/** The author's nickname, linked to their profile (where they can be hidden or reported); gone accounts plain. */
export function AuthorName({ author }: { author: PostAuthor }) {
  const { t } = useTranslation('posts');
  const me = useUserStore((s) => s.user?.id);
  if (!author) return <span>{t('gone')}</span>;
  if (author.id === me) return <span className="font-medium text-ink">{author.nickname}</span>;
  return (
    <Link to={`/profile/${author.id}`} className="font-medium">
      {author.nickname}
    </Link>
  );
}
