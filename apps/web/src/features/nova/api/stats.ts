import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@trostnetz/contracts/admin';
import { adminOperationsApi } from '@trostnetz/contracts/admin.endpoints';
import { checked } from '../../../lib/answer.ts';
import { consoleApi } from '../../../lib/api-client.ts';

/** GET /api/admin/stats?days=: counts per day only, never who. */
export const useStats = (days: number, enabled: boolean) =>
  useQuery({
    queryKey: ['nova', 'stats', days],
    queryFn: async (): Promise<AdminStats> =>
      checked(consoleApi(adminOperationsApi.stats, { query: { days } }), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminStats),
      ),
    enabled,
  });
