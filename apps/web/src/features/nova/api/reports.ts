import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminReport,
  AdminReportList,
  ReportDecisionBody,
  ReportStatus,
} from '@trostnetz/contracts/admin';
import { adminModerationApi } from '@trostnetz/contracts/admin.endpoints';
import { checked } from '../../../lib/answer.ts';
import { consoleApi } from '../../../lib/api-client.ts';

const keys = {
  all: ['nova', 'reports'] as const,
  list: (status: ReportStatus) => ['nova', 'reports', 'list', status] as const,
  one: (id: number) => ['nova', 'reports', 'one', id] as const,
};

/** GET /api/admin/reports?status=: one entry per reported item, reports of concern first, then the oldest. */
export const reportsQuery = (status: ReportStatus) =>
  queryOptions({
    queryKey: keys.list(status),
    queryFn: async (): Promise<AdminReportList> =>
      checked(consoleApi(adminModerationApi.reports, { query: { status } }), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminReportList),
      ),
  });

export const useReports = (status: ReportStatus) => useQuery(reportsQuery(status));

/** GET /api/admin/reports/{id}: the snapshot with its context, every report on the item, its history. */
export const useReport = (id: number) =>
  useQuery({
    queryKey: keys.one(id),
    queryFn: async (): Promise<AdminReport> =>
      checked(consoleApi(adminModerationApi.report, { params: { id } }), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminReport),
      ),
  });

/** POST /api/admin/reports/{id}/assign: the moderator takes it (open → in review). */
export function useTakeReport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      checked(consoleApi(adminModerationApi.assignReport, { params: { id } }), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminReport),
      ),
    onSuccess: (report) => {
      queryClient.setQueryData(keys.one(id), report);
      void queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
}

/** POST /api/admin/reports/{id}/decision: resolved; the reporters hear the outcome, the author the reasons. */
export function useDecideReport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReportDecisionBody) =>
      checked(consoleApi(adminModerationApi.decideReport, { params: { id }, body }), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminReport),
      ),
    onSuccess: (report) => {
      queryClient.setQueryData(keys.one(id), report);
      void queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
}
