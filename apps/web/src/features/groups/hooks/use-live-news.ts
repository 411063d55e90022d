import type { SharedChannelKind } from '@trostnetz/contracts/realtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ChannelHandlers, joinChannel } from '../../../lib/realtime.ts';

/**
 * New things (posts of a group, comments of a post) announced live by id: each is fetched through the
 * API first, which applies the hidden list, so only what this member may read is counted (`check`
 * answers false for "not for me"). The screen shows the count as a banner and loads them when asked,
 * never by moving what the member is reading.
 */
export function useLiveNews<K extends Extract<SharedChannelKind, 'group' | 'post'>>({
  kind,
  channel,
  enabled,
  handlers,
}: {
  kind: K;
  channel: string;
  enabled: boolean;
  /** Builds the channel's handlers; `announce(id, check)` counts `id` once `check` says it is for me. */
  handlers: (announce: (id: number, check: () => Promise<boolean>) => void) => ChannelHandlers<K>;
}) {
  const [news, setNews] = useState<number[]>([]);
  const build = useRef(handlers);
  build.current = handlers;

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const announce = (id: number, check: () => Promise<boolean>) => {
      check()
        .then((forMe) => {
          if (active && forMe) setNews((ids) => (ids.includes(id) ? ids : [...ids, id]));
        })
        .catch(() => {});
    };
    // Bound once; each event asks the latest render's handlers (they read what is loaded now).
    const latest = (event: string) => (payload: never) =>
      (build.current(announce) as Record<string, ((p: never) => void) | undefined>)[event]?.(payload);
    const events = Object.keys(build.current(announce));
    const bound = Object.fromEntries(events.map((event) => [event, latest(event)])) as ChannelHandlers<K>;
    const joined = joinChannel(kind, channel, bound);
    return () => {
      active = false;
      joined.leave();
    };
  }, [kind, channel, enabled]);

  const clear = useCallback(() => setNews([]), []);
  return { count: news.length, clear };
}
