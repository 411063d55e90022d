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

/** States that last: they get a line of text under the header (connecting is only the dot). */
const TROUBLE: ReadonlySet<ConnectionState> = new Set(['unavailable', 'failed', 'disconnected']);

const isQuiet = (state: ConnectionState) => state === 'connected' || state === 'initialized';

/**
 * Quiet while connected; a small dot on the logo otherwise. It takes no room in the header, so the
 * header never grows wider than the screen (it did at 1280 px while "Connecting …" showed). Changes are
 * announced politely.
 */
export function ConnectionStatus() {
  const { t } = useTranslation('layout');
  const state = useRealtimeStatus((s) => s.state);
  const quiet = isQuiet(state);
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
    <span className="pointer-events-none absolute top-0.5 left-7" data-connection-state={state}>
      {!quiet && (
        <span
          aria-hidden="true"
          title={label}
          className={cn('block size-3 rounded-full ring-2 ring-canvas', dot[state])}
        />
      )}
      <output className="sr-only">{announcement}</output>
    </span>
  );
}

/** A line under the header while the live connection is down (announced by ConnectionStatus). */
export function ConnectionNotice() {
  const { t } = useTranslation('layout');
  const state = useRealtimeStatus((s) => s.state);
  if (!TROUBLE.has(state)) return null;
  return (
    <p aria-hidden="true" className="border-t border-line bg-warm px-4 py-1.5 text-center text-sm text-ink">
      {t(`connection.${state}`)}
    </p>
  );
}
