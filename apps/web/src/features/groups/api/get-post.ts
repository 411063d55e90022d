import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '@trostnetz/contracts/groups';
import { groupsApi } from '@trostnetz/contracts/groups.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './keys.ts';

/** GET /api/post/{id}: 404 when hidden either way (also what a live event's "not for me" looks like). */
export async function getPost(id: number): Promise<Post> {
  return checked(api(groupsApi.post, { params: { id } }), () =>
    import('@trostnetz/contracts/groups').then((c) => c.post),
  );
}

export const postQuery = (id: number) =>
  queryOptions({ queryKey: groupKeys.post(id), queryFn: () => getPost(id) });

export const usePost = (id: number) => useQuery(postQuery(id));
