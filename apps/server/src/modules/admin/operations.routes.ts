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
import { idParam } from '@trostnetz/contracts/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
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

  r.get(
    '/api/admin/stats',
    {
      schema: {
        tags,
        summary: 'Dashboard figures per day (counts only)',
        querystring: adminStatsQuery,
        response: { 200: adminStats },
      },
      preHandler: app.requirePermission('stats.view'),
    },
    async (request) => stats(ctx.db, request.query.days ?? 30),
  );

  const groupsManage = app.requirePermission('groups.manage');
  r.get(
    '/api/admin/group-categories',
    { schema: { tags, response: { 200: adminCategoryList } }, preHandler: groupsManage },
    async () => listAdminCategories(ctx.db),
  );
  r.post(
    '/api/admin/group-categories',
    {
      schema: { tags, body: createCategoryBody, response: { 201: adminCategoryList } },
      preHandler: groupsManage,
    },
    async (request, reply) => {
      await createCategory(ctx, currentMember(request), request.body);
      return reply.status(201).send(await listAdminCategories(ctx.db));
    },
  );
  r.patch(
    '/api/admin/group-categories/:id',
    {
      schema: {
        tags,
        summary: 'Rename, order or archive a category',
        params: idParam,
        body: updateGroupBody,
        response: { 200: adminCategoryList },
      },
      preHandler: groupsManage,
    },
    async (request) => {
      await updateCategory(ctx, currentMember(request), request.params.id, request.body);
      return listAdminCategories(ctx.db);
    },
  );
  r.get(
    '/api/admin/groups',
    { schema: { tags, response: { 200: adminGroupList } }, preHandler: groupsManage },
    async () => listAdminGroups(ctx.db),
  );
  r.post(
    '/api/admin/groups',
    { schema: { tags, body: createGroupBody, response: { 201: adminGroupList } }, preHandler: groupsManage },
    async (request, reply) => {
      await createGroup(ctx, currentMember(request), request.body);
      return reply.status(201).send(await listAdminGroups(ctx.db));
    },
  );
  r.patch(
    '/api/admin/groups/:id',
    {
      schema: {
        tags,
        summary: 'Rename, order, move or archive a group',
        params: idParam,
        body: updateGroupBody,
        response: { 200: adminGroupList },
      },
      preHandler: groupsManage,
    },
    async (request) => {
      await updateGroup(ctx, currentMember(request), request.params.id, request.body);
      return listAdminGroups(ctx.db);
    },
  );

  const support = app.requirePermission('support.answer');
  r.get(
    '/api/admin/support',
    {
      schema: {
        tags,
        summary: 'The customer-service inbox',
        querystring: adminSupportQuery,
        response: { 200: adminSupportList },
      },
      preHandler: support,
    },
    async (request) => ({ items: await supportList(ctx.db, request.query.status ?? 'open') }),
  );
  r.post(
    '/api/admin/support/:ref/assign',
    {
      schema: { tags, params: supportRefParam, response: done },
      preHandler: support,
      config: { errors: ['conflict'] },
    },
    async (request, reply) => {
      await assignSupport(ctx, currentMember(request), request.params.ref);
      return reply.status(204).send(null);
    },
  );
  r.post(
    '/api/admin/support/:ref/answer',
    {
      schema: {
        tags,
        summary: 'Answer: mailed and shown on /customer-service',
        params: supportRefParam,
        body: supportAnswerBody,
        response: done,
      },
      preHandler: support,
      config: { errors: ['conflict'] },
    },
    async (request, reply) => {
      await answerSupport(ctx, currentMember(request), request.params.ref, request.body.text);
      return reply.status(204).send(null);
    },
  );
  r.post(
    '/api/admin/support/:ref/close',
    {
      schema: { tags, params: supportRefParam, response: done },
      preHandler: support,
      config: { errors: ['conflict'] },
    },
    async (request, reply) => {
      await closeSupport(ctx, currentMember(request), request.params.ref);
      return reply.status(204).send(null);
    },
  );

  const plansManage = app.requirePermission('plans.manage');
  r.get(
    '/api/admin/plans',
    { schema: { tags, response: { 200: adminPlanList } }, preHandler: plansManage },
    async () => listAdminPlans(ctx.db),
  );
  r.post(
    '/api/admin/plans',
    {
      schema: { tags, body: createPlanBody, response: { 201: adminPlan } },
      preHandler: plansManage,
      config: { errors: ['conflict'] },
    },
    async (request, reply) =>
      reply.status(201).send(await createPlan(ctx, currentMember(request), request.body)),
  );
  r.patch(
    '/api/admin/plans/:id',
    {
      schema: {
        tags,
        summary: 'Change the price (for new orders only; running contracts keep theirs)',
        params: planIdParam,
        body: planPriceBody,
        response: { 200: adminPlan },
      },
      preHandler: plansManage,
    },
    async (request) =>
      changePlanPrice(ctx, currentMember(request), request.params.id, request.body.total_cents),
  );
  r.post(
    '/api/admin/plans/:id/retire',
    {
      schema: {
        tags,
        summary: 'Retire a plan (no new orders)',
        params: planIdParam,
        response: { 200: adminPlan },
      },
      preHandler: plansManage,
    },
    async (request) => retirePlan(ctx, currentMember(request), request.params.id),
  );

  const contentEdit = app.requirePermission('content.edit');
  r.get(
    '/api/admin/faq',
    {
      schema: { tags: ['content', 'admin'], querystring: adminFaqQuery, response: { 200: adminFaqList } },
      preHandler: contentEdit,
    },
    async (request) => adminFaq(ctx.db, request.query.locale ?? 'de'),
  );
  r.put(
    '/api/admin/faq/:id',
    {
      schema: {
        tags: ['content', 'admin'],
        summary: 'Edit one FAQ entry',
        params: idParam,
        body: faqEntryBody,
        response: { 200: adminFaqEntry },
      },
      preHandler: contentEdit,
    },
    async (request) => editFaqEntry(ctx, currentMember(request), request.params.id, request.body),
  );
}
