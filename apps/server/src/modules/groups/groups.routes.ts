import { idParam } from '@trostnetz/contracts/fields';
import {
  COMMENTS_PAGE_SIZE,
  comment,
  commentsPage,
  contentNotePrefs,
  contentNotePrefsBody,
  contentReportBody,
  createCommentBody,
  createPostBody,
  FEED_PAGE_SIZE,
  FEED_PREVIEW_SIZE,
  feedPage as feedPageSchema,
  feedParams,
  feedsResponse,
  groupDetail,
  groupSummary,
  groupsQuery,
  groupsResponse,
  membershipBody,
  pageQuery,
  post,
  postsPage,
  updateCommentBody,
  updatePostBody,
} from '@trostnetz/contracts/groups';
import { groupsApi } from '@trostnetz/contracts/groups.endpoints';
import { reportResponse } from '@trostnetz/contracts/safety';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { at } from '../../lib/endpoint-route.ts';
import { currentMember } from '../../plugins/auth.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { dashboardFeeds, feedPage } from './feeds.service.ts';
import {
  presentCategories,
  presentComment,
  presentGroup,
  presentGroupDetail,
  presentPost,
} from './groups.presenter.ts';
import { reportContent } from './groups.reports.ts';
import {
  collapsedNotes,
  createComment,
  createPost,
  deleteComment,
  deletePost,
  groupRow,
  join,
  leave,
  listCategories,
  listComments,
  listPosts,
  markGroupSeen,
  markPostSeen,
  postView,
  setCollapsedNotes,
  setNotificationLevel,
  updateComment,
  updatePost,
} from './groups.service.ts';

const noContent = (reply: FastifyReply) => reply.status(204).send(null);

/** Groups, posts, comments, content notes and the dashboard feeds (issue 12). */
export async function groupsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pre = { preHandler: app.requireOnboarded };
  const limits = ctx.config.rateLimits;
  const tags = ['groups'];
  const me = (request: Parameters<typeof currentMember>[0]) => currentMember(request).id;

  r.route({
    ...at(groupsApi.contentNotes),
    schema: { tags, response: { 200: contentNotePrefs } },
    ...pre,
    handler: async (request) => ({ collapsed: await collapsedNotes(ctx.db, me(request)) }),
  });
  r.route({
    ...at(groupsApi.saveContentNotes),
    schema: { tags, body: contentNotePrefsBody, response: { 200: contentNotePrefs } },
    ...pre,
    handler: async (request) => setCollapsedNotes(ctx.db, me(request), request.body.collapsed),
  });

  r.route({
    ...at(groupsApi.list),
    schema: {
      tags,
      querystring: groupsQuery,
      response: { 200: groupsResponse },
      description: 'Categories with their open groups; names in `locale` (default: the request language).',
    },
    ...pre,
    handler: async (request) => {
      const { categories, groups } = await listCategories(ctx.db, me(request));
      return { categories: presentCategories(categories, groups, request.query.locale ?? request.locale) };
    },
  });
  r.route({
    ...at(groupsApi.one),
    schema: { tags, params: idParam, querystring: groupsQuery, response: { 200: groupDetail } },
    ...pre,
    handler: async (request) =>
      presentGroupDetail(
        await groupRow(ctx.db, me(request), request.params.id),
        request.query.locale ?? request.locale,
      ),
  });
  r.route({
    ...at(groupsApi.join),
    schema: { tags, params: idParam, response: { 200: groupSummary } },
    ...pre,
    handler: async (request) =>
      presentGroup(await join(ctx.db, me(request), request.params.id), request.locale),
  });
  r.route({
    ...at(groupsApi.updateMembership),
    schema: {
      tags,
      params: idParam,
      body: membershipBody,
      response: { 200: groupSummary },
      description: '409 group_not_joined when the member has not joined the group.',
    },
    ...pre,
    config: { errors: ['group_not_joined'] },
    handler: async (request) =>
      presentGroup(
        await setNotificationLevel(ctx.db, me(request), request.params.id, request.body.notification_level),
        request.locale,
      ),
  });
  r.route({
    ...at(groupsApi.leave),
    schema: { tags, params: idParam, response: { 204: z.null() } },
    ...pre,
    handler: async (request, reply) => {
      await leave(ctx.db, me(request), request.params.id);
      return noContent(reply);
    },
  });
  r.route({
    ...at(groupsApi.markSeen),
    schema: { tags, params: idParam, response: { 204: z.null() } },
    ...pre,
    handler: async (request, reply) => {
      await markGroupSeen(ctx.db, me(request), request.params.id);
      return noContent(reply);
    },
  });
  r.route({
    ...at(groupsApi.posts),
    schema: {
      tags,
      params: idParam,
      querystring: pageQuery,
      response: { 200: postsPage },
      description: 'Newest first, 20 a page. Members only (403 group_membership_required).',
    },
    ...pre,
    config: { errors: ['group_membership_required'] },
    handler: async (request) => {
      const id = me(request);
      const [{ rows, nextCursor }, collapsed] = await Promise.all([
        listPosts(ctx.db, id, request.params.id, request.query.cursor),
        collapsedNotes(ctx.db, id),
      ]);
      return { data: rows.map((row) => presentPost(row, id, collapsed)), next_cursor: nextCursor };
    },
  });

  r.route({
    ...at(groupsApi.createPost),
    schema: { tags, body: createPostBody, response: { 201: post } },
    ...pre,
    config: { errors: ['group_membership_required'], rateLimit: perMember('post', limits.groupPost) },
    handler: async (request, reply) => {
      const id = me(request);
      const row = await createPost(ctx, id, request.body);
      return reply.status(201).send(presentPost(row, id, await collapsedNotes(ctx.db, id)));
    },
  });
  r.route({
    ...at(groupsApi.post),
    schema: {
      tags,
      params: idParam,
      response: { 200: post },
      description:
        'Members of its group only: for anyone else the post answers 404 as a missing one does, here and on every /api/post/{id} and /api/comment/{id} route.',
    },
    ...pre,
    handler: async (request) => {
      const id = me(request);
      return presentPost(await postView(ctx.db, id, request.params.id), id, await collapsedNotes(ctx.db, id));
    },
  });
  r.route({
    ...at(groupsApi.updatePost),
    schema: {
      tags,
      params: idParam,
      body: updatePostBody,
      response: { 200: post },
      description: 'The author, within 24 hours (409 edit_window_closed after).',
    },
    ...pre,
    config: {
      errors: ['forbidden', 'conflict', 'edit_window_closed'],
      rateLimit: perMember('post_edit', limits.groupPost),
    },
    handler: async (request) => {
      const id = me(request);
      const row = await updatePost(ctx, id, request.params.id, request.body);
      return presentPost(row, id, await collapsedNotes(ctx.db, id));
    },
  });
  r.route({
    ...at(groupsApi.deletePost),
    schema: { tags, params: idParam, response: { 204: z.null() } },
    ...pre,
    config: { errors: ['forbidden'] },
    handler: async (request, reply) => {
      await deletePost(ctx, me(request), request.params.id);
      return noContent(reply);
    },
  });
  r.route({
    ...at(groupsApi.markPostSeen),
    schema: { tags, params: idParam, response: { 204: z.null() } },
    ...pre,
    handler: async (request, reply) => {
      await markPostSeen(ctx.db, me(request), request.params.id);
      return noContent(reply);
    },
  });
  r.route({
    ...at(groupsApi.comments),
    schema: {
      tags,
      params: idParam,
      querystring: pageQuery,
      response: { 200: commentsPage },
      description: 'Oldest first, up to 200 a page, flat with parent_id (one level of replies).',
    },
    ...pre,
    handler: async (request) => {
      const id = me(request);
      const { rows, nextCursor } = await listComments(
        ctx.db,
        id,
        request.params.id,
        request.query.cursor,
        COMMENTS_PAGE_SIZE,
      );
      return { data: rows.map((row) => presentComment(row, id)), next_cursor: nextCursor };
    },
  });
  r.route({
    ...at(groupsApi.createComment),
    schema: { tags, params: idParam, body: createCommentBody, response: { 201: comment } },
    ...pre,
    config: {
      errors: ['conflict'],
      rateLimit: perMember('comment', limits.groupComment),
    },
    handler: async (request, reply) => {
      const id = me(request);
      return reply
        .status(201)
        .send(presentComment(await createComment(ctx, id, request.params.id, request.body), id));
    },
  });
  r.route({
    ...at(groupsApi.updateComment),
    schema: {
      tags,
      params: idParam,
      body: updateCommentBody,
      response: { 200: comment },
      description: 'The author, within 24 hours (409 edit_window_closed after).',
    },
    ...pre,
    config: {
      errors: ['forbidden', 'conflict', 'edit_window_closed'],
      rateLimit: perMember('comment_edit', limits.groupComment),
    },
    handler: async (request) => {
      const id = me(request);
      return presentComment(await updateComment(ctx, id, request.params.id, request.body.comment), id);
    },
  });
  r.route({
    ...at(groupsApi.deleteComment),
    schema: { tags, params: idParam, response: { 204: z.null() } },
    ...pre,
    config: { errors: ['forbidden'] },
    handler: async (request, reply) => {
      await deleteComment(ctx, me(request), request.params.id);
      return noContent(reply);
    },
  });

  const reportOf = { post: groupsApi.reportPost, comment: groupsApi.reportComment } as const;
  for (const type of ['post', 'comment'] as const) {
    r.route({
      ...at(reportOf[type]),
      schema: {
        tags,
        params: idParam,
        body: contentReportBody,
        response: { 201: reportResponse },
        description:
          'Stored with a snapshot of the words, and answered alike whether or not the target exists or is visible.',
      },
      ...pre,
      config: { rateLimit: perMember('report', limits.report) },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await reportContent(ctx, me(request), { type, id: request.params.id }, request.body)),
    });
  }

  r.route({
    ...at(groupsApi.feeds),
    schema: {
      tags,
      response: { 200: feedsResponse },
      description:
        'At most 3 newest each: replies to my posts and comments, my partners’ posts, posts about a loss like mine; only groups I joined.',
    },
    ...pre,
    handler: async (request) => dashboardFeeds(ctx.db, me(request), FEED_PREVIEW_SIZE, request.locale),
  });
  r.route({
    ...at(groupsApi.feed),
    schema: { tags, params: feedParams, querystring: pageQuery, response: { 200: feedPageSchema } },
    ...pre,
    handler: async (request) =>
      feedPage(
        ctx.db,
        me(request),
        request.params.feed,
        request.query.cursor,
        FEED_PAGE_SIZE,
        request.locale,
      ),
  });
}
