import { useQuery } from '@tanstack/react-query';
import { type AdminStats, adminStats } from '@trostnetz/contracts/admin';
import { staffRequest } from './staff-client.ts';

/** GET /api/admin/stats?days=: counts per day only, never who. */
export const useStats = (days: number, enabled: boolean) =>
  useQuery({
    queryKey: ['nova', 'stats', days],
    queryFn: async (): Promise<AdminStats> =>
      adminStats.parse(await staffRequest<unknown>('/api/admin/stats', { query: { days } })),
    enabled,
  });
