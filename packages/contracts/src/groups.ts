import { z } from 'zod';
import { FEEDS } from './feeds.ts';
import { idNumber, idString, localeField, textField } from './fields.ts';
import { vmsg } from './messages.ts';
import { reportReasons } from './safety.ts';

/**
 * Groups (issue 12): categories of topic groups, posts with a title and Markdown text, comments with
 * one level of replies, content notes, unread markers and the three dashboard feeds.
 */

/**
 * Content notes an author may put on a post (a fixed list; the server knows only the keys, the web app
 * has the de/en labels). Keys are stable: readers' preferences store them.
 */
export const CONTENT_NOTES = [
  'suicide',
  'child_death',
  'violent_death',
  'illness_dying',
  'self_harm',
  'stillbirth',
  'abuse',
  'addiction',
] as const;
export type ContentNote = (typeof CONTENT_NOTES)[number];
export const contentNote = z.enum(CONTENT_NOTES, { error: vmsg('invalid') });
/** What a reader sees collapsed until they choose otherwise in their settings. */
export const DEFAULT_COLLAPSED: readonly ContentNote[] = ['suicide', 'self_harm'];

/** Per group: `watching` (tell me about every post), `normal`, `muted` (stored now, used by notifications). */
export const NOTIFICATION_LEVELS = ['watching', 'normal', 'muted'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];
export const notificationLevel = z.enum(NOTIFICATION_LEVELS, { error: vmsg('invalid') });

export const POST_TITLE_MAX = 150;
export const POST_MESSAGE_MAX = 10_000;
export const COMMENT_MAX = 3_000;
export const POSTS_PAGE_SIZE = 20;
export const COMMENTS_PAGE_SIZE = 200;
/** Items per dashboard feed on the dashboard itself; "more" pages through the rest. */
export const FEED_PREVIEW_SIZE = 3;
export const FEED_PAGE_SIZE = 20;
/** Authors may edit their own posts and comments this long after writing them (deleting: always). */
export const EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Control characters other than line feed, carriage return and tab are not text. */
const hasControl = (v: string) => {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if ((c < 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) || c === 0x7f) return true;
  }
  return false;
};
const memberText = (max: number) =>
  textField(vmsg('required'))
    .refine((v) => !hasControl(v), vmsg('unstorable'))
    .trim()
    .min(1, vmsg('required'))
    .max(max, vmsg('max', max));
/** A title is one line. */
const titleField = memberText(POST_TITLE_MAX).regex(/^[^\n\r]*$/, vmsg('invalid'));
const contentNotesField = z
  .array(contentNote, { error: vmsg('invalid') })
  .max(CONTENT_NOTES.length, vmsg('invalid'))
  .refine((notes) => new Set(notes).size === notes.length, vmsg('invalid'));

/** GET/PUT /api/user/content-notes: the notes this reader wants collapsed. */
export const contentNotePrefs = z.object({ collapsed: z.array(contentNote) });
export const contentNotePrefsBody = z.strictObject({ collapsed: contentNotesField });
export type ContentNotePrefs = z.infer<typeof contentNotePrefs>;

/** An opaque page cursor (the server's keyset position); garbage is a 422. */
export const pageCursor = z
  .string({ error: vmsg('invalid') })
  .regex(/^[A-Za-z0-9_-]{1,128}$/, vmsg('invalid'));
export const pageQuery = z.object({ cursor: pageCursor.optional() });

export const groupsQuery = z.object({ locale: localeField.optional() });
export const groupSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  category_id: z.number().int(),
  member_count: z.number().int(),
  joined: z.boolean(),
  /** null when not joined. */
  notification_level: notificationLevel.nullable(),
  /** Posts new since my last visit (not mine, not hidden); 0 when not joined. */
  unread_count: z.number().int(),
});
export type GroupSummary = z.infer<typeof groupSummary>;
export const groupDetail = groupSummary.extend({ last_visited_at: z.string().nullable() });
export type GroupDetail = z.infer<typeof groupDetail>;
export const groupCategory = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  groups: z.array(groupSummary),
});
export type GroupCategory = z.infer<typeof groupCategory>;
export const groupsResponse = z.object({ categories: z.array(groupCategory) });
export type GroupsResponse = z.infer<typeof groupsResponse>;

export const membershipBody = z.strictObject({ notification_level: notificationLevel });

/** An author as readers see them; null when the account is gone or erased. */
export const postAuthor = z
  .object({ id: z.number().int(), nickname: z.string(), avatar: z.string().nullable() })
  .nullable();
export type PostAuthor = z.infer<typeof postAuthor>;
/** `removed`: taken down by moderation; others see it with empty text, the author still sees theirs. */
export const POST_STATES = ['visible', 'deleted', 'removed'] as const;
export type PostState = (typeof POST_STATES)[number];

export const post = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  author: postAuthor,
  title: z.string(),
  /** Raw Markdown; '' when deleted, or removed and not mine. */
  message: z.string(),
  /** `message` rendered by markdown.ts, preset 'member'. */
  html: z.string(),
  content_notes: z.array(contentNote),
  /** One of its notes is in my collapsed list and it is not mine: show only the notes until asked. */
  collapsed: z.boolean(),
  state: z.enum(POST_STATES),
  /** Removed and mine: the statement of reasons that removed it (`/notices/{id}`); null otherwise. */
  notice_id: z.number().int().nullable(),
  comment_count: z.number().int(),
  /** New since my last visit of its group, and not mine. */
  unread: z.boolean(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  mine: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type Post = z.infer<typeof post>;
export const postsPage = z.object({ data: z.array(post), next_cursor: z.string().nullable() });
export type PostsPage = z.infer<typeof postsPage>;

export const createPostBody = z.strictObject({
  group_id: idNumber,
  title: titleField,
  message: memberText(POST_MESSAGE_MAX),
  content_notes: contentNotesField.default([]),
});
export type CreatePostBody = z.input<typeof createPostBody>;
export const updatePostBody = z.strictObject({
  title: titleField.optional(),
  message: memberText(POST_MESSAGE_MAX).optional(),
  content_notes: contentNotesField.optional(),
});
export type UpdatePostBody = z.input<typeof updatePostBody>;

export const comment = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  /** A reply's parent is always a top-level comment. */
  parent_id: z.number().int().nullable(),
  author: postAuthor,
  message: z.string(),
  html: z.string(),
  state: z.enum(POST_STATES),
  /** Removed and mine: the statement of reasons that removed it (`/notices/{id}`); null otherwise. */
  notice_id: z.number().int().nullable(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** New since my last visit of the post, and not mine. */
  unread: z.boolean(),
  mine: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type Comment = z.infer<typeof comment>;
/** Oldest first. */
export const commentsPage = z.object({ data: z.array(comment), next_cursor: z.string().nullable() });
export type CommentsPage = z.infer<typeof commentsPage>;
export const createCommentBody = z.strictObject({
  comment: memberText(COMMENT_MAX),
  parent_id: idNumber.optional(),
});
export type CreateCommentBody = z.input<typeof createCommentBody>;
export const updateCommentBody = z.strictObject({ comment: memberText(COMMENT_MAX) });
export type UpdateCommentBody = z.input<typeof updateCommentBody>;

/** POST /api/post/{id}/report and /api/comment/{id}/report; answered like a profile report. */
export const contentReportBody = z.strictObject({
  reason: z.enum(reportReasons, { error: vmsg('required') }),
  details: textField().trim().max(2000, vmsg('max', 2000)).optional(),
});

/** Dashboard feeds (their names without zod in feeds.ts). */
export { FEEDS, type Feed } from './feeds.ts';
export const feedParams = z.object({ feed: z.enum(FEEDS, { error: vmsg('invalid') }) });
export const feedItem = z.object({
  post: z.object({
    id: z.number().int(),
    group_id: z.number().int(),
    group_name: z.string(),
    title: z.string(),
    content_notes: z.array(contentNote),
    collapsed: z.boolean(),
    author: postAuthor,
    created_at: z.string(),
  }),
  /** The reply (replies feed); null in the post feeds. */
  comment: z
    .object({
      id: z.number().int(),
      author: postAuthor,
      created_at: z.string(),
      /** The first words of the reply; left out when its post is collapsed for me. */
      excerpt: z.string().optional(),
    })
    .nullable(),
});
export type FeedItem = z.infer<typeof feedItem>;
export const feedsResponse = z.object({
  replies: z.array(feedItem),
  partner_posts: z.array(feedItem),
  loss_posts: z.array(feedItem),
});
export type FeedsResponse = z.infer<typeof feedsResponse>;
export const feedPage = z.object({ data: z.array(feedItem), next_cursor: z.string().nullable() });
export type FeedPage = z.infer<typeof feedPage>;

export const groupIdParam = z.object({ id: idString });

/** Live events: ids only (the client fetches what it may read; a 404 means "not for me"). */
export const postCreatedEvent = z.object({ post_id: z.number().int(), group_id: z.number().int() });
export const postUpdatedEvent = z.object({ id: z.number().int() });
export const commentCreatedEvent = z.object({
  comment_id: z.number().int(),
  post_id: z.number().int(),
  parent_id: z.number().int().nullable(),
});
export const commentUpdatedEvent = z.object({ id: z.number().int(), post_id: z.number().int() });
