import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { type ConnectionState, useRealtimeStatus } from '../../lib/realtime.ts';

const dot: Record<ConnectionState, string> = {
  initialized: '',
  connected: '',
  connecting: 'bg-amber-500 animate-pulse motion-reduce:animate-none',
  unavailable: 'bg-amber-600',
  disconnected: 'bg-line-strong',
  failed: 'bg-danger',
};

/** Quiet while connected; a small dot with a label otherwise. Changes are announced politely. */
export function ConnectionStatus() {
  const { t } = useTranslation('layout');
  const state = useRealtimeStatus((s) => s.state);
  const quiet = state === 'connected' || state === 'initialized';
  const label = t(`connection.${state}`);
  // Announce "connected" only as a recovery, not on every page load.
  const hadTrouble = useRef(false);
  if (!quiet && state !== 'connecting') hadTrouble.current = true;
  const announcement = quiet
    ? state === 'connected' && hadTrouble.current
      ? t('connection.restored')
      : ''
    : label;
  return (
    <span className="inline-flex items-center gap-1.5" data-connection-state={state}>
      {!quiet && (
        <span aria-hidden="true" title={label} className={cn('size-2.5 rounded-full', dot[state])} />
      )}
      {!quiet && (
        <span aria-hidden="true" className="hidden text-sm text-muted lg:inline">
          {label}
        </span>
      )}
      <output className="sr-only">{announcement}</output>
    </span>
  );
}
