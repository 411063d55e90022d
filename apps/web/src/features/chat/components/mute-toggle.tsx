import { Bell, BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn.ts';
import { useIsMuted, type useSetMuted } from '../../../domain/chat/chat-mutes.ts';

interface Props {
  partnerId: number;
  name: string;
  /** The conversation's one mute mutation (`useSetMuted`), shared by the toggle and its note. */
  save: ReturnType<typeof useSetMuted>;
}

/**
 * Mutes the open conversation (a toggle: pressed while muted). The partner is not told; the note under
 * the header says what muting does, and is read out when it changes.
 */
export function MuteToggle({ partnerId, name, save }: Props) {
  const { t } = useTranslation('chat');
  const muted = useIsMuted(partnerId);
  const Icon = muted ? BellOff : Bell;
  return (
    <button
      type="button"
      aria-pressed={muted}
      disabled={save.isPending}
      onClick={() => save.mutate(!muted)}
      className={cn(
        'inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-xl px-3 py-2 font-semibold',
        'disabled:opacity-70',
        muted ? 'bg-accent-soft text-accent-strong' : 'text-accent-strong hover:bg-accent-soft',
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
      <span aria-hidden="true" className="hidden md:inline">
        {t('mute.button')}
      </span>
      <span className="sr-only">{t('mute.label', { name })}</span>
    </button>
  );
}

/** What muting means, while it is on; a failed change is said here too. */
export function MuteNote({ partnerId, name, save }: Props) {
  const { t } = useTranslation('chat');
  const muted = useIsMuted(partnerId);
  const failed = save.isError;
  return (
    <output className={cn('block px-4 text-sm text-muted', (muted || failed) && 'border-b border-line py-2')}>
      {failed ? t('mute.failed') : muted ? t('mute.note', { name }) : ''}
    </output>
  );
}
