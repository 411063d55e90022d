import { useMutation } from '@tanstack/react-query';
import type { StaffSession, StaffSessionStart } from '@trostnetz/contracts/admin';
import { staffSessionApi } from '@trostnetz/contracts/admin.endpoints';
import { checked } from '../../../lib/answer.ts';
import { consoleApi } from '../../../lib/api-client.ts';
import { saveStaffToken } from '../../../lib/staff-session.ts';

/** POST /api/admin/session: e-mail and password; the answer says whether to enrol TOTP or enter a code. */
export async function startStaffSession(body: {
  email: string;
  password: string;
}): Promise<StaffSessionStart> {
  return checked(consoleApi(staffSessionApi.start, { body }), () =>
    import('@trostnetz/contracts/admin').then((c) => c.staffSessionStart),
  );
}

/** POST /api/admin/session/enrol: the first code from the new authenticator; answers the recovery codes once. */
export async function enrolTotp(body: { challenge: string; code: string }) {
  const answer = await checked(consoleApi(staffSessionApi.enrol, { body }), () =>
    import('@trostnetz/contracts/admin').then((c) => c.staffEnrolResponse),
  );
  saveStaffToken(answer);
  return answer;
}

/** POST /api/admin/session/totp: a code of the authenticator, or one of the recovery codes. */
export async function confirmTotp(body: { challenge: string; code?: string; recovery_code?: string }) {
  const answer: StaffSession = await checked(consoleApi(staffSessionApi.totp, { body }), () =>
    import('@trostnetz/contracts/admin').then((c) => c.staffSession),
  );
  saveStaffToken(answer);
  return answer;
}

export const useStartStaffSession = () => useMutation({ mutationFn: startStaffSession });
export const useEnrolTotp = () => useMutation({ mutationFn: enrolTotp });
export const useConfirmTotp = () => useMutation({ mutationFn: confirmTotp });
