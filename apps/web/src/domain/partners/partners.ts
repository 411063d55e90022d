import type { QueryClient } from '@tanstack/react-query';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Partner } from '@trostnetz/contracts/partners';
import { partnersApi } from '@trostnetz/contracts/partners.endpoints';
import { checked } from '../../lib/answer.ts';
import { api } from '../../lib/api-client.ts';

/**
 * The member's partner list (GET /api/chat/partners): requests, friends and suggestions. Shared by the
 * partner and chat features, so it lives here rather than in either feature.
 */
export const partnersQueryKey = ['partners'] as const;

export async function getPartners(): Promise<Partner[]> {
  return checked(api(partnersApi.list), () =>
    import('@trostnetz/contracts/partners').then((c) => c.partnerList),
  );
}

/** The partner list if it was loaded in this page session (SPEC.md §2: chat-with needs it), else undefined. */
export const loadedPartners = (client: QueryClient) => client.getQueryData<Partner[]>(partnersQueryKey);

/** Refreshed every 60 s while shown, so partners' online state follows their last-seen pings. */
export const partnersQuery = queryOptions({
  queryKey: partnersQueryKey,
  queryFn: getPartners,
  refetchInterval: 60_000,
});

/** A message or a typing signal from a partner is proof they are here: show them online at once. */
export function markPartnerOnline(client: QueryClient, partnerId: number) {
  client.setQueryData<Partner[]>(partnersQueryKey, (list) =>
    list?.some((p) => p.id === partnerId && !p.online)
      ? list.map((p) => (p.id === partnerId ? { ...p, online: true } : p))
      : list,
  );
}

export const usePartners = () => useQuery(partnersQuery);
