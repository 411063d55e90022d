import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn.ts';

/** Initial in a soft circle with an online dot; the dot's meaning is given as text elsewhere. */
export function PartnerAvatar({
  nickname,
  online,
  size = 'md',
}: {
  nickname: string;
  online: boolean;
  size?: 'sm' | 'md';
}) {
  const initial = nickname.trim().charAt(0).toUpperCase() || '?';
  return (
    <span aria-hidden="true" className="relative inline-flex shrink-0">
      <span
        className={cn(
          'grid place-items-center rounded-full bg-warm font-semibold text-ink',
          size === 'md' ? 'size-12 text-lg' : 'size-10 text-base',
        )}
      >
        {initial}
      </span>
      {online && (
        <span className="absolute right-0 bottom-0 size-3.5 rounded-full border-2 border-surface bg-accent" />
      )}
    </span>
  );
}

/** "Konto gelöscht" for an empty nickname (SPEC.md §3). */
export function usePartnerName() {
  const { t } = useTranslation('chat');
  return (nickname: string) => nickname || t('partner.deleted');
}
