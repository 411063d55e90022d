import {
  adminAppeal,
  adminAppealList,
  adminAppealsQuery,
  adminReport,
  adminReportList,
  adminReportsQuery,
  appealDecisionBody,
  auditPage,
  auditQuery,
  reportDecisionBody,
} from '@trostnetz/contracts/admin';
import { adminModerationApi } from '@trostnetz/contracts/admin.endpoints';
import { idParam } from '@trostnetz/contracts/fields';
import {
  appealBody,
  appealCreated,
  linkedAppealBody,
  linkedNotice,
  moderationNotices,
  myReports,
  noticeLinkQuery,
} from '@trostnetz/contracts/moderation';
import { moderationApi } from '@trostnetz/contracts/moderation.endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { at } from '../../lib/endpoint-route.ts';
import { currentMember } from '../../plugins/auth.ts';
import { auditPageOf } from './audit.service.ts';
import {
  assignReport,
  createAppeal,
  decideAppeal,
  decideReport,
  listAppeals,
  listReports,
  noticesOf,
  reportDetail,
  reportsBy,
} from './moderation.service.ts';
import { appealByLink, linkedNotice as linkedNoticeOf } from './notice-links.service.ts';

/** The report queue, decisions and appeals (issue 16), and the member's own notices and appeals. */
export async function moderationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.route({
    ...at(adminModerationApi.reports),
    schema: {
      tags,
      summary: 'The report queue: one entry per reported item, reports of concern first',
      querystring: adminReportsQuery,
      response: { 200: adminReportList },
    },
    preHandler: app.requirePermission('reports.view'),
    handler: async (request) => ({ items: await listReports(ctx.db, request.query.status ?? 'open') }),
  });
  r.route({
    ...at(adminModerationApi.report),
    schema: { tags, params: idParam, response: { 200: adminReport } },
    preHandler: app.requirePermission('reports.view'),
    handler: async (request) => reportDetail(ctx.db, request.params.id),
  });
  r.route({
    ...at(adminModerationApi.assignReport),
    schema: {
      tags,
      summary: 'Take a report: open → in review, assigned to me',
      params: idParam,
      response: { 200: adminReport },
    },
    preHandler: app.requirePermission('reports.decide'),
    config: { errors: ['report_taken', 'report_about_self', 'conflict'] },
    handler: async (request) => assignReport(ctx, currentMember(request), request.params.id),
  });
  r.route({
    ...at(adminModerationApi.decideReport),
    schema: {
      tags,
      summary:
        'Decide a report (resolved); the affected member gets a statement of reasons, reporters the outcome',
      params: idParam,
      body: reportDecisionBody,
      response: { 200: adminReport },
    },
    preHandler: app.requirePermission('reports.decide'),
    config: { errors: ['report_taken', 'report_about_self', 'staff_rank', 'last_super_admin', 'conflict'] },
    handler: async (request) => decideReport(ctx, currentMember(request), request.params.id, request.body),
  });

  r.route({
    ...at(adminModerationApi.appeals),
    schema: { tags, querystring: adminAppealsQuery, response: { 200: adminAppealList } },
    preHandler: app.requirePermission('appeals.decide'),
    handler: async (request) => ({ items: await listAppeals(ctx.db, request.query.status ?? 'open') }),
  });
  r.route({
    ...at(adminModerationApi.decideAppeal),
    schema: {
      tags,
      summary: 'Decide an appeal (never by the moderator of the first decision)',
      params: idParam,
      body: appealDecisionBody,
      response: { 200: adminAppeal },
    },
    preHandler: app.requirePermission('appeals.decide'),
    config: { errors: ['appeal_same_moderator', 'conflict'] },
    handler: async (request) => decideAppeal(ctx, currentMember(request), request.params.id, request.body),
  });

  r.route({
    ...at(adminModerationApi.audit),
    schema: {
      tags,
      summary: 'The audit log, newest first',
      querystring: auditQuery,
      response: { 200: auditPage },
    },
    preHandler: app.requirePermission('audit.view'),
    handler: async (request) => auditPageOf(ctx.db, request.query),
  });

  // The member's side (DSA Art. 17 and 20).
  r.route({
    ...at(moderationApi.notices),
    schema: {
      tags: ['moderation'],
      summary: 'My statements of reasons, with the appeal window and state',
      response: { 200: moderationNotices },
    },
    preHandler: app.requireMember,
    handler: async (request) => ({ items: await noticesOf(ctx.db, currentMember(request).id) }),
  });
  r.route({
    ...at(moderationApi.myReports),
    schema: {
      tags: ['moderation'],
      summary: 'What I reported and what became of it (the kinds only, never whom or what)',
      response: { 200: myReports },
    },
    preHandler: app.requireMember,
    handler: async (request) => ({ items: await reportsBy(ctx.db, currentMember(request).id) }),
  });
  r.route({
    ...at(moderationApi.appeal),
    schema: {
      tags: ['moderation'],
      summary: 'Appeal a decision: once per notice, within six months',
      body: appealBody,
      response: { 201: appealCreated },
    },
    preHandler: app.requireMember,
    config: { errors: ['not_found', 'appeal_exists', 'appeal_window_closed', 'not_appealable'] },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await createAppeal(ctx, currentMember(request).id, request.body.notice_id, request.body.text)),
  });

  // The same for one notice through the signed link of its mail, without signing in (DSA Art. 20: a
  // suspended member cannot sign in and still contests electronically).
  const link = ctx.config.rateLimits.emailLink;
  r.route({
    ...at(moderationApi.noticeLink),
    schema: {
      tags: ['moderation'],
      summary: 'One statement of reasons through the signed link of its mail (no sign-in)',
      description:
        'Answers only that notice, without the member’s own words. A forged or altered link: 403 invalid_link; after the appeal window: 410 link_expired.',
      params: idParam,
      querystring: noticeLinkQuery,
      response: { 200: linkedNotice },
    },
    config: { errors: ['invalid_link', 'link_expired'], rateLimit: link },
    handler: async (request) => linkedNoticeOf(ctx, request.params.id, request.query),
  });
  r.route({
    ...at(moderationApi.noticeLinkAppeal),
    schema: {
      tags: ['moderation'],
      summary: 'Appeal a decision through the signed link of its mail (no sign-in): once, within six months',
      params: idParam,
      querystring: noticeLinkQuery,
      body: linkedAppealBody,
      response: { 201: appealCreated },
    },
    config: {
      errors: ['invalid_link', 'link_expired', 'appeal_exists', 'appeal_window_closed', 'not_appealable'],
      rateLimit: link,
    },
    handler: async (request, reply) =>
      reply.status(201).send(await appealByLink(ctx, request.params.id, request.query, request.body.text)),
  });
}
