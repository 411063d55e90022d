import { useMutation } from '@tanstack/react-query';
import type { StaffSession, StaffSessionStart } from '@trostnetz/contracts/admin';
import { checked } from '../../../lib/answer.ts';
import { saveStaffToken } from '../../../lib/staff-session.ts';
import { staffRequest } from './staff-client.ts';

/** POST /api/admin/session: e-mail and password; the answer says whether to enrol TOTP or enter a code. */
export async function startStaffSession(body: {
  email: string;
  password: string;
}): Promise<StaffSessionStart> {
  return checked(staffRequest<unknown>('/api/admin/session', { method: 'POST', body }), () =>
    import('@trostnetz/contracts/admin').then((c) => c.staffSessionStart),
  );
}

/** POST /api/admin/session/enrol: the first code from the new authenticator; answers the recovery codes once. */
export async function enrolTotp(body: { challenge: string; code: string }) {
  const answer = await checked(
    staffRequest<unknown>('/api/admin/session/enrol', { method: 'POST', body }),
    () => import('@trostnetz/contracts/admin').then((c) => c.staffEnrolResponse),
  );
  saveStaffToken(answer);
  return answer;
}

/** POST /api/admin/session/totp: a code of the authenticator, or one of the recovery codes. */
export async function confirmTotp(body: { challenge: string; code?: string; recovery_code?: string }) {
  const answer: StaffSession = await checked(
    staffRequest<unknown>('/api/admin/session/totp', { method: 'POST', body }),
    () => import('@trostnetz/contracts/admin').then((c) => c.staffSession),
  );
  saveStaffToken(answer);
  return answer;
}

export const useStartStaffSession = () => useMutation({ mutationFn: startStaffSession });
export const useEnrolTotp = () => useMutation({ mutationFn: enrolTotp });
export const useConfirmTotp = () => useMutation({ mutationFn: confirmTotp });
