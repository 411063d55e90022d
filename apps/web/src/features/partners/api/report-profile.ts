import { reportBody } from '@trostnetz/contracts/safety';
import { safetyApi } from '@trostnetz/contracts/safety.endpoints';
import type { z } from 'zod';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/reports {type: 'profile', id, reason, details?} → 201 {id, status}. */
export async function reportProfile(body: z.input<typeof reportBody>) {
  return checked(api(safetyApi.report, { body: reportBody.parse(body) }), () =>
    import('@trostnetz/contracts/safety').then((c) => c.reportResponse),
  );
}
