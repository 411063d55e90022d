import { chatApi } from '@trostnetz/contracts/chat.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/chat/{partner}/messages, newest first: `before` pages back, `after` catches up. */
export async function getMessages(
  partnerId: number,
  query: { before?: number; after?: number; limit?: number },
) {
  const params = new URLSearchParams({ limit: String(query.limit ?? 30) });
  if (query.before !== undefined) params.set('before', String(query.before));
  if (query.after !== undefined) params.set('after', String(query.after));
  return checked(api(chatApi.messages, { params: { partner: partnerId }, search: `?${params}` }), () =>
    import('@trostnetz/contracts/chat').then((c) => c.historyResponse),
  );
}
