import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminFaqEntry } from '@trostnetz/contracts/admin';
import { adminOperationsApi } from '@trostnetz/contracts/admin.endpoints';
import { checked } from '../../../lib/answer.ts';
import { consoleApi } from '../../../lib/api-client.ts';

const key = (locale: 'de' | 'en') => ['nova', 'faq', locale] as const;

/** GET /api/admin/faq?locale=: every entry with its Markdown answer, in order. */
export const useAdminFaq = (locale: 'de' | 'en') =>
  useQuery({
    queryKey: key(locale),
    queryFn: async (): Promise<AdminFaqEntry[]> =>
      checked(consoleApi(adminOperationsApi.faq, { query: { locale } }), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminFaqList),
      ),
  });

/** PUT /api/admin/faq/{id}: a new question and answer for one entry. */
export function useSaveFaqEntry(locale: 'de' | 'en') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: { question: string; answer: string } }) =>
      consoleApi(adminOperationsApi.saveFaq, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(locale) }),
  });
}
