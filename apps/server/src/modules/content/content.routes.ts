import { contentRestoreBody } from '@trostnetz/contracts/admin';
import { adminContentApi } from '@trostnetz/contracts/admin.endpoints';
import {
  type ContentSlug,
  contentEditBody,
  contentHistory,
  contentLocaleQuery,
  contentPage,
  contentSlugParam,
  faqResponse,
  isContentSlug,
} from '@trostnetz/contracts/content';
import { contentApi } from '@trostnetz/contracts/content.endpoints';
import { localeField } from '@trostnetz/contracts/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { at } from '../../lib/endpoint-route.ts';
import { withEtag } from '../../lib/etag.ts';
import { currentMember } from '../../plugins/auth.ts';
import { audit } from '../admin/audit.service.ts';
import { restoreVersion } from '../admin/operations.service.ts';
import { presentFaq, presentPage, presentVersion } from './content.presenter.ts';
import { currentPage, faqOf, pageHistory, publishPage } from './content.service.ts';

function knownSlug(slug: string): ContentSlug {
  if (!isContentSlug(slug)) throw new AppError('not_found');
  return slug;
}

const notModified = { 304: z.null().describe('The client holds the current text (If-None-Match).') };

/** The legal pages and the FAQ (issue 15): public, per language with German as fallback, with ETag. */
export async function contentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(contentApi.page),
    schema: {
      tags: ['content'],
      params: contentSlugParam,
      querystring: contentLocaleQuery,
      response: { 200: contentPage, ...notModified },
      description: 'The current version of a page; German when the language asked for has none.',
    },
    config: { cache: 'revalidate' },
    handler: async (request, reply) => {
      const row = await currentPage(ctx.db, knownSlug(request.params.slug), request.query.locale);
      return withEtag(request, reply, presentPage(row, ctx.config));
    },
  });

  r.route({
    ...at(contentApi.faq),
    schema: {
      tags: ['content'],
      querystring: contentLocaleQuery,
      response: { 200: faqResponse, ...notModified },
      description: 'Topics, questions and answers in order; every answer has an anchor for /faq#anchor.',
    },
    config: { cache: 'revalidate' },
    handler: async (request, reply) => {
      const rows = await faqOf(ctx.db, request.query.locale);
      return withEtag(request, reply, presentFaq(rows, request.query.locale, ctx.config));
    },
  });

  const edit = { preHandler: app.requirePermission('content.edit') };
  r.route({
    ...at(adminContentApi.save),
    schema: {
      tags: ['content', 'admin'],
      params: contentSlugParam,
      body: contentEditBody,
      response: { 201: contentPage },
      description: 'Publishes a new version of the page in one language; the earlier ones stay.',
    },
    ...edit,
    config: { errors: ['conflict'] },
    handler: async (request, reply) => {
      const slug = knownSlug(request.params.slug);
      const staff = currentMember(request);
      const row = await publishPage(ctx.db, slug, request.body, staff.id);
      await audit(ctx.db, {
        actorId: staff.id,
        action: 'content.published',
        targetType: 'content_page',
        targetId: row.id,
        targetLabel: `${slug}/${row.locale}`,
        reason: `version ${row.version}`,
      });
      return reply.status(201).send(presentPage(row, ctx.config));
    },
  });
  r.route({
    ...at(adminContentApi.history),
    schema: {
      tags: ['content', 'admin'],
      params: contentSlugParam,
      querystring: z.object({ locale: localeField.default('de') }),
      response: { 200: contentHistory },
    },
    ...edit,
    handler: async (request) =>
      (await pageHistory(ctx.db, knownSlug(request.params.slug), request.query.locale)).map(presentVersion),
  });
  r.route({
    ...at(adminContentApi.restore),
    schema: {
      tags: ['content', 'admin'],
      summary: 'Publish an earlier version again (as a new version)',
      params: contentSlugParam,
      body: contentRestoreBody,
      response: { 201: contentPage },
    },
    ...edit,
    config: { errors: ['conflict'] },
    handler: async (request, reply) => {
      const row = await restoreVersion(
        ctx,
        currentMember(request),
        knownSlug(request.params.slug),
        request.body.locale,
        request.body.version,
      );
      return reply.status(201).send(presentPage(row, ctx.config));
    },
  });
}
