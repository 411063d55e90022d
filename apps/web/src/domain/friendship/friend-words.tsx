import type { FriendWordAction } from '@trostnetz/contracts/partners';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';

/**
 * What a member wrote at a turning point of a friendship (accepting, declining, withdrawing, ending),
 * shown to the one it was written to: on the profile, the request screen and in the conversation.
 * `own`: the author reads their own words back (only in the conversation, for accept and remove).
 */
export function FriendWordsNote({
  action,
  message,
  name,
  own = false,
  className,
}: {
  action: FriendWordAction;
  message: string;
  name: string;
  own?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('friendship');
  const label =
    own && (action === 'accept' || action === 'remove')
      ? t(`words.own.${action}`)
      : t(`words.${action}`, { name });
  return (
    <figure
      data-friend-words={action}
      className={cn('rounded-lg border-l-4 border-accent bg-canvas px-4 py-2', className)}
    >
      <figcaption className="text-sm text-muted">{label}</figcaption>
      <blockquote className="whitespace-pre-line break-words">{message}</blockquote>
    </figure>
  );
}
