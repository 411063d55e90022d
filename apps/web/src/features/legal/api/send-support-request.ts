import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportRequestBody } from '@trostnetz/contracts/customer-service';
import { customerServiceApi } from '@trostnetz/contracts/customer-service.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { ownSupportRequestsKey } from './get-own-support-requests.ts';

/** POST /api/customer-service → 201 {reference}. Guests too; a member's request is theirs. */
export async function sendSupportRequest(body: SupportRequestBody) {
  return checked(api(customerServiceApi.send, { body }), () =>
    import('@trostnetz/contracts/customer-service').then((c) => c.supportRequestCreated),
  );
}

export function useSendSupportRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendSupportRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: ownSupportRequestsKey }),
  });
}
