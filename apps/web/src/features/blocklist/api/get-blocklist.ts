import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BlockEntry, blocklist } from '@trostnetz/contracts/safety';
import { blocklistQueryKey } from '../../../domain/friendship/friendship.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/user/blocklist/all: the hidden members. */
export async function getBlocklist(): Promise<BlockEntry[]> {
  return blocklist.parse(await apiRequest<unknown>('/api/user/blocklist/all'));
}

export const blocklistQuery = queryOptions({ queryKey: blocklistQueryKey, queryFn: getBlocklist });

export const useBlocklist = () => useQuery(blocklistQuery);
