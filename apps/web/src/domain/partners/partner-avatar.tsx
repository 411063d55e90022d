import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { avatarOfSize, useApiImage } from '../../lib/use-api-image.ts';

const sizes = { sm: 'size-10 text-base', md: 'size-12 text-lg', lg: 'size-20 text-3xl' };

/**
 * The picture or, without one, the first letter. The online dot is described in words unless the
 * surrounding text already says it (`labelOnline={false}`).
 */
export function PartnerAvatar({
  nickname,
  avatar,
  online,
  size = 'md',
  labelOnline = true,
}: {
  nickname: string;
  avatar: string | null;
  online?: boolean;
  size?: keyof typeof sizes;
  labelOnline?: boolean;
}) {
  const { t } = useTranslation('friendship');
  const initial = nickname.trim().charAt(0).toUpperCase() || '?';
  // Avatars are for members only (policies): loaded with the session, the initial until then.
  const src = useApiImage(avatar && avatarOfSize(avatar, size === 'lg' ? 'large' : 'small'));
  return (
    <span className="relative inline-flex shrink-0">
      {src ? (
        <img src={src} alt="" className={cn('rounded-full object-cover', sizes[size])} />
      ) : (
        <span
          aria-hidden="true"
          className={cn(
            'grid place-items-center rounded-full bg-warm font-semibold text-accent-strong',
            sizes[size],
          )}
        >
          {initial}
        </span>
      )}
      {online && (
        <span className="absolute right-0 bottom-0 size-3.5 rounded-full border-2 border-surface bg-accent">
          {labelOnline && <span className="sr-only">{t('online')}</span>}
        </span>
      )}
    </span>
  );
}

/** A deleted account keeps an empty nickname (SPEC.md §3). */
export function useDisplayName(): (nickname: string) => string {
  const { t } = useTranslation('friendship');
  return (nickname) => nickname || t('deletedAccount');
}
