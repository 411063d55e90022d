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
  catchUp,
  shown = [],
}: {
  kind: K;
  channel: string;
  enabled: boolean;
  /**
   * The ids on screen now: an announced item that shows up there by any way (the member's own comment
   * reloading the list, a refetch) is no longer news, and the banner forgets it.
   */
  shown?: readonly number[];
  /** Builds the channel's handlers; `announce(id, check)` counts `id` once `check` says it is for me. */
  handlers: (announce: (id: number, check: () => Promise<boolean>) => void) => ChannelHandlers<K>;
  /**
   * Once subscribed (and after every reconnect): the ids that are new for me and not on screen yet. An
   * item published between the screen's load and the subscription reached nobody here; this finds it.
   */
  catchUp: () => Promise<number[]>;
}) {
  const [news, setNews] = useState<number[]>([]);
  const [subscribed, setSubscribed] = useState(false);
  const build = useRef(handlers);
  build.current = handlers;
  const look = useRef(catchUp);
  look.current = catchUp;

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const add = (found: number[]) => setNews((ids) => [...ids, ...found.filter((id) => !ids.includes(id))]);
    const announce = (id: number, check: () => Promise<boolean>) => {
      check()
        .then((forMe) => {
          if (active && forMe) add([id]);
        })
        .catch(() => {});
    };
    // Bound once; each event asks the latest render's handlers (they read what is loaded now).
    const latest = (event: string) => (payload: never) =>
      (build.current(announce) as Record<string, ((p: never) => void) | undefined>)[event]?.(payload);
    const events = Object.keys(build.current(announce));
    const bound = Object.fromEntries(events.map((event) => [event, latest(event)])) as ChannelHandlers<K>;
    const joined = joinChannel(kind, channel, bound, () => {
      look
        .current()
        .then((found) => {
          if (!active) return;
          add(found);
          setSubscribed(true);
        })
        .catch(() => {});
    });
    return () => {
      active = false;
      setSubscribed(false);
      joined.leave();
    };
  }, [kind, channel, enabled]);

  const clear = useCallback(() => setNews([]), []);
  const onScreen = new Set(shown);
  const waiting = news.filter((id) => !onScreen.has(id));
  // Forgotten for good once shown, so a later list without it (a page further down) does not count it again.
  const seen = news.length - waiting.length;
  useEffect(() => {
    if (seen > 0) setNews((ids) => ids.filter((id) => !onScreen.has(id)));
  });
  /** `live` is for the screen's `data-live-state`: news reach it from here on. */
  return { count: waiting.length, clear, live: subscribed };
}
