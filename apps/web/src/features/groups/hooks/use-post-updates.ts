import { useQueryClient } from '@tanstack/react-query';
import { groupChannel } from '@trostnetz/contracts/realtime-events';
import { useEffect } from 'react';
import { joinChannel } from '../../../lib/realtime.ts';
import { groupKeys } from '../api/keys.ts';

/**
 * While a post is open, its author's edit or deletion (PostUpdated on the group's channel) reloads it
 * in place; the API answers what this member may read (a post hidden meanwhile becomes a 404).
 */
export function usePostUpdates(groupId: number, postId: number) {
  const client = useQueryClient();
  useEffect(() => {
    const joined = joinChannel('group', groupChannel(groupId), {
      PostUpdated: ({ id }) => {
        if (id === postId) void client.invalidateQueries({ queryKey: groupKeys.post(postId), exact: true });
      },
    });
    return () => joined.leave();
  }, [client, groupId, postId]);
}
