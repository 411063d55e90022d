import {
  adminCategoryList,
  adminFaqEntry,
  adminFaqList,
  adminFaqQuery,
  adminGroupList,
  adminPlan,
  adminPlanList,
  adminStats,
  adminStatsQuery,
  adminSupportList,
  adminSupportQuery,
  createCategoryBody,
  createGroupBody,
  createPlanBody,
  faqEntryBody,
  planIdParam,
  planPriceBody,
  supportAnswerBody,
  supportRefParam,
  updateGroupBody,
} from '@trostnetz/contracts/admin';
import { adminOperationsApi } from '@trostnetz/contracts/admin.endpoints';
import { idParam } from '@trostnetz/contracts/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { at } from '../../lib/endpoint-route.ts';
import { currentMember } from '../../plugins/auth.ts';
import {
  adminFaq,
  answerSupport,
  assignSupport,
  changePlanPrice,
  closeSupport,
  createCategory,
  createGroup,
  createPlan,
  editFaqEntry,
  listAdminCategories,
  listAdminGroups,
  listAdminPlans,
  retirePlan,
  stats,
  supportList,
  updateCategory,
  updateGroup,
} from './operations.service.ts';

/** Dashboard figures, groups and categories, customer service, plans, FAQ (issue 16); every change audited. */
export async function operationsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const done = { 204: z.null() };

  r.route({
    ...at(adminOperationsApi.stats),
    schema: {
      tags,
      summary: 'Dashboard figures per day (counts only)',
      querystring: adminStatsQuery,
      response: { 200: adminStats },
    },
    preHandler: app.requirePermission('stats.view'),
    handler: async (request) => stats(ctx.db, request.query.days ?? 30),
  });

  const groupsManage = app.requirePermission('groups.manage');
  r.route({
    ...at(adminOperationsApi.groupCategories),
    schema: { tags, response: { 200: adminCategoryList } },
    preHandler: groupsManage,
    handler: async () => listAdminCategories(ctx.db),
  });
  r.route({
    ...at(adminOperationsApi.createGroupCategory),
    schema: { tags, body: createCategoryBody, response: { 201: adminCategoryList } },
    preHandler: groupsManage,
    handler: async (request, reply) => {
      await createCategory(ctx, currentMember(request), request.body);
      return reply.status(201).send(await listAdminCategories(ctx.db));
    },
  });
  r.route({
    ...at(adminOperationsApi.updateGroupCategory),
    schema: {
      tags,
      summary: 'Rename, order or archive a category',
      params: idParam,
      body: updateGroupBody,
      response: { 200: adminCategoryList },
    },
    preHandler: groupsManage,
    handler: async (request) => {
      await updateCategory(ctx, currentMember(request), request.params.id, request.body);
      return listAdminCategories(ctx.db);
    },
  });
  r.route({
    ...at(adminOperationsApi.groups),
    schema: { tags, response: { 200: adminGroupList } },
    preHandler: groupsManage,
    handler: async () => listAdminGroups(ctx.db),
  });
  r.route({
    ...at(adminOperationsApi.createGroup),
    schema: { tags, body: createGroupBody, response: { 201: adminGroupList } },
    preHandler: groupsManage,
    handler: async (request, reply) => {
      await createGroup(ctx, currentMember(request), request.body);
      return reply.status(201).send(await listAdminGroups(ctx.db));
    },
  });
  r.route({
    ...at(adminOperationsApi.updateGroup),
    schema: {
      tags,
      summary: 'Rename, order, move or archive a group',
      params: idParam,
      body: updateGroupBody,
      response: { 200: adminGroupList },
    },
    preHandler: groupsManage,
    handler: async (request) => {
      await updateGroup(ctx, currentMember(request), request.params.id, request.body);
      return listAdminGroups(ctx.db);
    },
  });

  const support = app.requirePermission('support.answer');
  r.route({
    ...at(adminOperationsApi.support),
    schema: {
      tags,
      summary: 'The customer-service inbox',
      querystring: adminSupportQuery,
      response: { 200: adminSupportList },
    },
    preHandler: support,
    handler: async (request) => ({ items: await supportList(ctx.db, request.query.status ?? 'open') }),
  });
  r.route({
    ...at(adminOperationsApi.assignSupport),
    schema: { tags, params: supportRefParam, response: done },
    preHandler: support,
    config: { errors: ['conflict'] },
    handler: async (request, reply) => {
      await assignSupport(ctx, currentMember(request), request.params.ref);
      return reply.status(204).send(null);
    },
  });
  r.route({
    ...at(adminOperationsApi.answerSupport),
    schema: {
      tags,
      summary: 'Answer: mailed and shown on /customer-service',
      params: supportRefParam,
      body: supportAnswerBody,
      response: done,
    },
    preHandler: support,
    config: { errors: ['conflict'] },
    handler: async (request, reply) => {
      await answerSupport(ctx, currentMember(request), request.params.ref, request.body.text);
      return reply.status(204).send(null);
    },
  });
  r.route({
    ...at(adminOperationsApi.closeSupport),
    schema: { tags, params: supportRefParam, response: done },
    preHandler: support,
    config: { errors: ['conflict'] },
    handler: async (request, reply) => {
      await closeSupport(ctx, currentMember(request), request.params.ref);
      return reply.status(204).send(null);
    },
  });

  const plansManage = app.requirePermission('plans.manage');
  r.route({
    ...at(adminOperationsApi.plans),
    schema: { tags, response: { 200: adminPlanList } },
    preHandler: plansManage,
    handler: async () => listAdminPlans(ctx.db),
  });
  r.route({
    ...at(adminOperationsApi.createPlan),
    schema: { tags, body: createPlanBody, response: { 201: adminPlan } },
    preHandler: plansManage,
    config: { errors: ['conflict'] },
    handler: async (request, reply) =>
      reply.status(201).send(await createPlan(ctx, currentMember(request), request.body)),
  });
  r.route({
    ...at(adminOperationsApi.updatePlan),
    schema: {
      tags,
      summary: 'Change the price (for new orders only; running contracts keep theirs)',
      params: planIdParam,
      body: planPriceBody,
      response: { 200: adminPlan },
    },
    preHandler: plansManage,
    handler: async (request) =>
      changePlanPrice(ctx, currentMember(request), request.params.id, request.body.total_cents),
  });
  r.route({
    ...at(adminOperationsApi.retirePlan),
    schema: {
      tags,
      summary: 'Retire a plan (no new orders)',
      params: planIdParam,
      response: { 200: adminPlan },
    },
    preHandler: plansManage,
    handler: async (request) => retirePlan(ctx, currentMember(request), request.params.id),
  });

  const contentEdit = app.requirePermission('content.edit');
  r.route({
    ...at(adminOperationsApi.faq),
    schema: { tags: ['content', 'admin'], querystring: adminFaqQuery, response: { 200: adminFaqList } },
    preHandler: contentEdit,
    handler: async (request) => adminFaq(ctx.db, request.query.locale ?? 'de'),
  });
  r.route({
    ...at(adminOperationsApi.saveFaq),
    schema: {
      tags: ['content', 'admin'],
      summary: 'Edit one FAQ entry',
      params: idParam,
      body: faqEntryBody,
      response: { 200: adminFaqEntry },
    },
    preHandler: contentEdit,
    handler: async (request) => editFaqEntry(ctx, currentMember(request), request.params.id, request.body),
  });
}
