import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '@trostnetz/contracts/admin';
import { adminModerationApi } from '@trostnetz/contracts/admin.endpoints';
import { checked } from '../../../lib/answer.ts';
import { consoleApi } from '../../../lib/api-client.ts';

export interface AuditFilters {
  actor?: string;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
}

/** GET /api/admin/audit?actor=&action=&target=&from=&to=&cursor=: newest first. */
export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['nova', 'audit', filters],
    queryFn: async ({ pageParam }): Promise<AuditPage> =>
      checked(consoleApi(adminModerationApi.audit, { query: { ...filters, cursor: pageParam } }), () =>
        import('@trostnetz/contracts/admin').then((c) => c.auditPage),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

export const useAudit = (filters: AuditFilters) => useInfiniteQuery(auditQuery(filters));
