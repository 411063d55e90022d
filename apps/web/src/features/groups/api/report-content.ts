import { contentReportBody } from '@trostnetz/contracts/groups';
import type { z } from 'zod';
import { checked } from '../../../lib/answer.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/post/{id}/report and /api/comment/{id}/report {reason, details?} → 201 {id, status}. */
export async function reportContent(
  target: 'post' | 'comment',
  id: number,
  body: z.input<typeof contentReportBody>,
) {
  const raw = await apiRequest<unknown>(`/api/${target}/${id}/report`, {
    method: 'POST',
    body: contentReportBody.parse(body),
  });
  return checked(raw, () => import('@trostnetz/contracts/safety').then((c) => c.reportResponse));
}
