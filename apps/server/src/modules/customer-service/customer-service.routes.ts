import {
  supportRequestBody,
  supportRequestCreated,
  supportRequestList,
} from '@trostnetz/contracts/customer-service';
import { customerServiceApi } from '@trostnetz/contracts/customer-service.endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { at } from '../../lib/endpoint-route.ts';
import { currentMember } from '../../plugins/auth.ts';
import { mailLocale } from '../users/users.service.ts';
import { createSupportRequest, listOwnRequests } from './customer-service.service.ts';

/** The customer-service form (issue 15): guests and members; members also see their earlier requests. */
export async function customerServiceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = ctx.config.rateLimits;

  /** A guest sends without a token; a token that is sent must be valid (the web app renews it). */
  const memberIfSignedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization) await app.authenticate(request, reply);
  };
  // Per sender e-mail, counted after validation so the key is the normalised address. A second limit on
  // one route: the plugin's own handler runs once per request, so this one answers the 429 itself.
  const emailLimit = app.createRateLimit({
    ...limits.supportPerEmail,
    keyGenerator: (request) => `support-email:${(request.body as { email: string }).email}`,
  });
  const perEmail = async (request: FastifyRequest) => {
    const result = await emailLimit(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError('rate_limited', undefined, { 'retry-after': String(result.ttlInSeconds) });
    }
  };

  r.route({
    ...at(customerServiceApi.send),
    schema: {
      tags: ['customer service'],
      body: supportRequestBody,
      response: { 201: supportRequestCreated },
      description:
        'For guests and members. Rate limited per client address and per sender e-mail; `website` is a honeypot and `rendered_at` (when the form was shown) enforces a minimum fill time.',
    },
    config: {
      rateLimit: { ...limits.supportPerAddress, keyGenerator: (req) => `support-ip:${req.ip}` },
      errors: ['unauthenticated'], // a token that is sent must be valid
    },
    preHandler: [memberIfSignedIn, perEmail],
    handler: async (request, reply) => {
      const created = await createSupportRequest(ctx, request.body, {
        userId: request.member?.id ?? null,
        // The account's language; a guest's mail in the page's, unless the address belongs to an account.
        locale: request.member?.locale ?? (await mailLocale(ctx.db, request.body.email, request.locale)),
      });
      return reply.status(201).send(created);
    },
  });

  r.route({
    ...at(customerServiceApi.mine),
    schema: { tags: ['customer service'], response: { 200: supportRequestList } },
    preHandler: app.authenticate,
    handler: async (request) => listOwnRequests(ctx.db, currentMember(request).id),
  });
}
