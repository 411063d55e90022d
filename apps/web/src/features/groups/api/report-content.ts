import { contentReportBody } from '@trostnetz/contracts/groups';
import { groupsApi } from '@trostnetz/contracts/groups.endpoints';
import type { z } from 'zod';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/post/{id}/report and /api/comment/{id}/report {reason, details?} → 201 {id, status}. */
export async function reportContent(
  target: 'post' | 'comment',
  id: number,
  body: z.input<typeof contentReportBody>,
) {
  const endpoint = target === 'post' ? groupsApi.reportPost : groupsApi.reportComment;
  const raw = await api(endpoint, { params: { id }, body: contentReportBody.parse(body) });
  return checked(raw, () => import('@trostnetz/contracts/safety').then((c) => c.reportResponse));
}
