import { act } from '@testing-library/react';
import type { PusherLike } from '../lib/realtime.ts';

type Handler = (data: unknown) => void;

/** Just enough of pusher-js to fire a channel's events in a component test. */
export function fakePusher() {
  const channels = new Map<string, Map<string, Handler[]>>();
  const client: PusherLike = {
    connection: { bind: () => undefined, socket_id: '1.2' },
    subscribe: (name) => {
      const handlers = new Map<string, Handler[]>();
      channels.set(name, handlers);
      return {
        bind: (event, h) => handlers.set(event, [...(handlers.get(event) ?? []), h]),
        unbind: () => undefined,
      };
    },
    unsubscribe: () => undefined,
    disconnect: () => undefined,
  };
  const fire = (channel: string, event: string, data: unknown) =>
    act(() => {
      for (const h of channels.get(channel)?.get(event) ?? []) h(data);
    });
  return { client, fire, channels };
}
