import { useEffect } from 'react';
import { followFriendshipEvents } from '../domain/friendship/friendship.ts';
import { useConfigStore } from '../lib/config.ts';
import { queryClient, refetchAll } from '../lib/query-client.ts';
import { connectRealtime } from '../lib/realtime.ts';
import { getAccessToken } from '../lib/tokens.ts';

/**
 * Connected while a verified member is signed in; logout (user → null) runs the cleanup:
 * unsubscribe, disconnect, clear timers. Each time the member is live (first connect and every
 * reconnect), every query is refetched (refetchAll): an event published before the subscriptions stood is
 * not lost.
 */
export function useRealtimeConnection(userId: number | null) {
  const pusher = useConfigStore((s) => s.config.pusher);
  useEffect(() => {
    const token = getAccessToken();
    if (userId === null || !pusher.key || !token) return;
    const stopReloading = followFriendshipEvents(queryClient);
    const disconnect = connectRealtime({
      config: pusher,
      userId,
      token,
      onLive: () => void refetchAll(queryClient),
    });
    return () => {
      stopReloading();
      disconnect();
    };
  }, [userId, pusher]);
}
