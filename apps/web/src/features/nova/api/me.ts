import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMe } from '@trostnetz/contracts/admin';
import { staffSessionApi } from '@trostnetz/contracts/admin.endpoints';
import { checked } from '../../../lib/answer.ts';
import { consoleApi } from '../../../lib/api-client.ts';
import { clearStaffToken } from '../../../lib/staff-session.ts';

export const consoleKeys = {
  all: ['nova'] as const,
  me: ['nova', 'me'] as const,
};

/** GET /api/admin/me: who is signed in to the console, with roles and permissions. */
export async function getStaffMe(): Promise<StaffMe> {
  return checked(consoleApi(staffSessionApi.me), () =>
    import('@trostnetz/contracts/admin').then((c) => c.staffMe),
  );
}

export const staffMeQuery = queryOptions({
  queryKey: consoleKeys.me,
  queryFn: getStaffMe,
  retry: false,
  staleTime: 60_000,
});

/** DELETE /api/admin/session: the staff session ends on the server, then here (the member's stays). */
export function useStaffSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await consoleApi(staffSessionApi.end);
      } finally {
        clearStaffToken();
        queryClient.removeQueries({ queryKey: consoleKeys.all });
      }
    },
  });
}
