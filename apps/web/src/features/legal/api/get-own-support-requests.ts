import { useQuery } from '@tanstack/react-query';
import type { SupportRequestSummary } from '@trostnetz/contracts/customer-service';
import { customerServiceApi } from '@trostnetz/contracts/customer-service.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

export const ownSupportRequestsKey = ['customer-service', 'mine'] as const;

/** GET /api/customer-service/mine: the member's requests and the team's answers, newest first. */
export async function getOwnSupportRequests(): Promise<SupportRequestSummary[]> {
  return checked(api(customerServiceApi.mine), () =>
    import('@trostnetz/contracts/customer-service').then((c) => c.supportRequestList),
  );
}

export const useOwnSupportRequests = (enabled: boolean) =>
  useQuery({ queryKey: ownSupportRequestsKey, queryFn: getOwnSupportRequests, enabled });
