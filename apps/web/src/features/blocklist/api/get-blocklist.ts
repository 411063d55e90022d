import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlockEntry } from '@trostnetz/contracts/safety';
import { safetyApi } from '@trostnetz/contracts/safety.endpoints';
import { blocklistQueryKey } from '../../../domain/friendship/friendship.ts';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/user/blocklist/all: the hidden members. */
export async function getBlocklist(): Promise<BlockEntry[]> {
  return checked(api(safetyApi.blocklist), () =>
    import('@trostnetz/contracts/safety').then((c) => c.blocklist),
  );
}

export const blocklistQuery = queryOptions({ queryKey: blocklistQueryKey, queryFn: getBlocklist });

export const useBlocklist = () => useQuery(blocklistQuery);
