import { matchingStatusResponse, suggestionsResponse } from '@trostnetz/contracts/partners';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentMember } from '../../plugins/auth.ts';
import { toggleMatching } from './matching.service.ts';
import { currentSuggestions, moreSuggestions } from './suggestions.service.ts';

export async function matchingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/user/matching/status',
    {
      schema: { tags: ['matching'], response: { 200: matchingStatusResponse } },
      preHandler: app.requireOnboarded,
    },
    async (request) => ({
      success: true,
      matching_status: await toggleMatching(ctx.db, currentMember(request).id),
    }),
  );

  r.get(
    '/api/user/matching/suggestions',
    {
      schema: { tags: ['matching'], response: { 200: suggestionsResponse } },
      preHandler: app.requireOnboarded,
    },
    async (request) => currentSuggestions(ctx, currentMember(request), request.locale),
  );

  r.post(
    '/api/user/matching/suggestions/more',
    {
      schema: { tags: ['matching'], response: { 200: suggestionsResponse } },
      preHandler: app.requireOnboarded,
    },
    async (request) => moreSuggestions(ctx, currentMember(request), request.locale),
  );
}
