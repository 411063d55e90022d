import { hasSeenBody, hasSeenResponse, userSchema } from '@trostnetz/contracts/user';
import { userApi } from '@trostnetz/contracts/user.endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { at } from '../../lib/endpoint-route.ts';
import { authUserId, currentMember } from '../../plugins/auth.ts';
import { markSeen } from '../matching/matching.service.ts';
import { addHasSeen, touchLastSeen, userView } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(userApi.init),
    schema: { tags: ['profile'], response: { 200: userSchema } },
    preHandler: app.authenticate,
    handler: async (request) => {
      return userView(ctx.db, currentMember(request));
    },
  });

  r.route({
    ...at(userApi.lastSeen),
    schema: { tags: ['profile'], response: { 204: z.null() } },
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const member = currentMember(request);
      const now = new Date();
      await touchLastSeen(ctx.db, member.id, now);
      // A member seen again counts as recently active for matching (from the first ping of a day).
      await markSeen(ctx.db, member.id, member.lastSeenAt, now);
      return reply.status(204).send(null);
    },
  });

  r.route({
    ...at(userApi.hasSeen),
    schema: { tags: ['profile'], body: hasSeenBody, response: { 200: hasSeenResponse } },
    preHandler: app.authenticate,
    handler: async (request) => ({
      has_seen: await addHasSeen(ctx.db, authUserId(request), request.body.element),
    }),
  });
}
