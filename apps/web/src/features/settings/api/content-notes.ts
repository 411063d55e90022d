import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentNote, ContentNotePrefs } from '@trostnetz/contracts/groups';
import { groupsApi } from '@trostnetz/contracts/groups.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/user/content-notes → {collapsed}; PUT with {collapsed} → the same. One resource, two calls. */
export async function getContentNotes(): Promise<ContentNotePrefs> {
  return checked(api(groupsApi.contentNotes), () =>
    import('@trostnetz/contracts/groups').then((c) => c.contentNotePrefs),
  );
}

export async function putContentNotes(collapsed: ContentNote[]): Promise<ContentNotePrefs> {
  return checked(api(groupsApi.saveContentNotes, { body: { collapsed } }), () =>
    import('@trostnetz/contracts/groups').then((c) => c.contentNotePrefs),
  );
}

export const contentNotesQuery = queryOptions({
  queryKey: ['settings', 'content-notes'],
  queryFn: getContentNotes,
});

export const useContentNotes = () => useQuery(contentNotesQuery);

export function useSaveContentNotes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putContentNotes,
    onSuccess: (prefs) => {
      client.setQueryData(contentNotesQuery.queryKey, prefs);
      // Every post's `collapsed` depends on it.
      void client.invalidateQueries({ queryKey: ['groups'] });
    },
  });
}
