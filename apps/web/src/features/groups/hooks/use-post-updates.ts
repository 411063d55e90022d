import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { joinChannel } from '../../../lib/realtime.ts';
import { groupKeys } from '../api/keys.ts';
import { useNewsChannel } from './use-news-channel.ts';

/**
 * While a post is open, its author's edit or deletion (PostUpdated on the member's own channel of the
 * group) reloads it in place; the API answers what this member may read (a post hidden meanwhile becomes
 * a 404).
 */
export function usePostUpdates(groupId: number, postId: number) {
  const client = useQueryClient();
  const channel = useNewsChannel('group', groupId);
  useEffect(() => {
    if (channel === null) return;
    const joined = joinChannel('group', channel, {
      PostUpdated: ({ id }) => {
        if (id === postId) void client.invalidateQueries({ queryKey: groupKeys.post(postId), exact: true });
      },
    });
    return () => joined.leave();
  }, [client, channel, postId]);
}
