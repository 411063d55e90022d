import { groupChannel, postChannel } from '@trostnetz/contracts/realtime-events';
import { useUserStore } from '../../../lib/storage/user-store.ts';

/**
 * The signed-in member's own channel of a group's or a post's news (`private-user_{me}_group_{id}`,
 * `…_post_{id}`): the server publishes to each reader's own, leaving out members hidden either way from
 * the author. Null while no member is known.
 */
export function useNewsChannel(kind: 'group' | 'post', id: number): string | null {
  const me = useUserStore((s) => s.user?.id);
  if (me === undefined) return null;
  return kind === 'group' ? groupChannel(me, id) : postChannel(me, id);
}
