/** Query keys of the groups feature: what a change invalidates is named once here. */
export const groupKeys = {
  all: ['groups'] as const,
  lists: ['groups', 'list'] as const,
  list: (locale: string) => ['groups', 'list', locale] as const,
  group: (id: number) => ['groups', 'group', id] as const,
  posts: (groupId: number) => ['groups', 'group', groupId, 'posts'] as const,
  post: (id: number) => ['groups', 'post', id] as const,
  comments: (postId: number) => ['groups', 'post', postId, 'comments'] as const,
};
