import type { Comment, GroupDetail, Post } from '@trostnetz/contracts/groups';

export const buildGroup = (overrides: Partial<GroupDetail> = {}): GroupDetail => ({
  id: 3,
  slug: 'kind',
  name: 'Verlust eines Kindes',
  description: 'Für Eltern, die ein Kind verloren haben.',
  category_id: 1,
  member_count: 12,
  joined: true,
  notification_level: 'normal',
  unread_count: 0,
  last_visited_at: null,
  ...overrides,
});

export const buildPost = (overrides: Partial<Post> = {}): Post => ({
  id: 10,
  group_id: 3,
  author: { id: 40, nickname: 'Mara', avatar: null },
  title: 'Ein Jahr danach',
  message: 'Heute ist es ein Jahr her.',
  html: '<p>Heute ist es ein Jahr her.</p>',
  content_notes: [],
  collapsed: false,
  state: 'visible',
  comment_count: 0,
  unread: false,
  created_at: '2026-11-20T10:00:00.000Z',
  edited_at: null,
  mine: false,
  can_edit: false,
  can_delete: false,
  notice_id: null,
  ...overrides,
});

export const buildComment = (overrides: Partial<Comment> = {}): Comment => ({
  id: 50,
  post_id: 10,
  parent_id: null,
  author: { id: 41, nickname: 'Jonas', avatar: null },
  message: 'Ich denke an dich.',
  html: '<p>Ich denke an dich.</p>',
  state: 'visible',
  created_at: '2026-11-20T11:00:00.000Z',
  edited_at: null,
  unread: false,
  mine: false,
  can_edit: false,
  can_delete: false,
  notice_id: null,
  ...overrides,
});
