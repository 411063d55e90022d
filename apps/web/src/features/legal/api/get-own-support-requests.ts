import { useQuery } from '@tanstack/react-query';
import { type SupportRequestSummary, supportRequestList } from '@trostnetz/contracts/customer-service';
import { apiRequest } from '../../../lib/api-client.ts';

export const ownSupportRequestsKey = ['customer-service', 'mine'] as const;

/** GET /api/customer-service/mine: the member's requests and the team's answers, newest first. */
export async function getOwnSupportRequests(): Promise<SupportRequestSummary[]> {
  return supportRequestList.parse(await apiRequest<unknown>('/api/customer-service/mine'));
}

export const useOwnSupportRequests = (enabled: boolean) =>
  useQuery({ queryKey: ownSupportRequestsKey, queryFn: getOwnSupportRequests, enabled });
