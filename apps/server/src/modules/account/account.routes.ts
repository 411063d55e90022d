import { deleteAccountBody, deletionScheduled, revokeDeletionBody } from '@trostnetz/contracts/account';
import { accountApi } from '@trostnetz/contracts/account.endpoints';
import { errorCatalogue } from '@trostnetz/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { at } from '../../lib/endpoint-route.ts';
import { authUserId, currentMember } from '../../plugins/auth.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { requestDeletion, revokeDeletion } from './deletion.service.ts';
import { memberExport } from './export.service.ts';

/** The member's own account as a whole: deletion with a grace period (DSGVO Art. 17) and export (Art. 15, 20). */
export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = ctx.config.rateLimits;

  r.route({
    ...at(accountApi.delete),
    schema: {
      tags: ['account'],
      body: deleteAccountBody,
      response: { 200: deletionScheduled },
      description:
        'With the right password: hidden from everyone at once, signed out everywhere, erased after 30 days unless revoked with the link of the mail. A wrong password: 422, nothing changed.',
    },
    preHandler: app.authenticate,
    config: {
      errors: ['invalid_credentials', 'last_super_admin'],
      rateLimit: perMember('account-delete', limits.accountDelete),
    },
    handler: async (request) => requestDeletion(ctx, currentMember(request), request.body.password),
  });

  r.route({
    ...at(accountApi.revokeDeletion),
    schema: {
      tags: ['account'],
      body: revokeDeletionBody,
      response: { 204: z.null() },
      description: `The token of the mail's link; 403 ${errorCatalogue.invalid_link.en} 410 after the grace period.`,
    },
    config: { errors: ['invalid_link', 'deletion_final'], rateLimit: limits.passwordReset },
    handler: async (request, reply) => {
      await revokeDeletion(ctx, request.body.token);
      return reply.status(204).send(null);
    },
  });

  r.route({
    ...at(accountApi.export),
    schema: {
      tags: ['account'],
      description:
        'A ZIP (data.json, index.html) of everything the app holds about the member, built while sent.',
      produces: ['application/zip'],
    },
    preHandler: app.authenticate,
    config: { rateLimit: perMember('data-export', limits.dataExport) },
    handler: async (request, reply) => {
      const { stream, filename } = await memberExport(ctx, authUserId(request), request.locale);
      stream.on('error', (err) => request.log.error({ err }, 'export failed while streaming'));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
}
