import { matchingApi } from '@trostnetz/contracts/matching.endpoints';
import { matchingStatusResponse, suggestionsResponse } from '@trostnetz/contracts/partners';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { at } from '../../lib/endpoint-route.ts';
import { currentMember } from '../../plugins/auth.ts';
import { toggleMatching } from './matching.service.ts';
import { currentSuggestions, moreSuggestions } from './suggestions.service.ts';

export async function matchingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(matchingApi.status),
    schema: { tags: ['matching'], response: { 200: matchingStatusResponse } },
    preHandler: app.requireOnboarded,
    handler: async (request) => ({
      success: true,
      matching_status: await toggleMatching(ctx.db, currentMember(request).id),
    }),
  });

  r.route({
    ...at(matchingApi.suggestions),
    schema: { tags: ['matching'], response: { 200: suggestionsResponse } },
    preHandler: app.requireOnboarded,
    handler: async (request) => currentSuggestions(ctx, currentMember(request), request.locale),
  });

  r.route({
    ...at(matchingApi.more),
    schema: { tags: ['matching'], response: { 200: suggestionsResponse } },
    preHandler: app.requireOnboarded,
    handler: async (request) => moreSuggestions(ctx, currentMember(request), request.locale),
  });
}
