import { matchingStatusResponse, suggestionsResponse } from '@trostnetz/contracts/partners';
import {
  answerStepBody,
  answerStepParams,
  answerStepResponse,
  questionnaireResponse,
} from '@trostnetz/contracts/questionnaire';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentMember } from '../../plugins/auth.ts';
import { answerStep, resetOnboarding } from '../questionnaire/onboarding.service.ts';
import { questionnaireFor } from '../questionnaire/questionnaire.service.ts';
import { toggleMatching } from './matching.service.ts';
import { currentSuggestions, moreSuggestions } from './suggestions.service.ts';

export async function matchingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/onboarding/questionnaire',
    {
      schema: { tags: ['onboarding'], response: { 200: questionnaireResponse } },
      preHandler: app.requireMember,
    },
    async (request) => questionnaireFor(ctx.db, currentMember(request), request.locale),
  );

  r.post(
    '/api/onboarding/steps/:step',
    {
      schema: {
        tags: ['onboarding'],
        params: answerStepParams,
        body: answerStepBody,
        response: { 200: answerStepResponse },
      },
      preHandler: app.requireMember,
    },
    async (request) => answerStep(ctx, currentMember(request), request.params.step, request.body.answers),
  );

  r.post(
    '/api/user/matching/reset',
    {
      schema: { tags: ['matching'], response: { 200: answerStepResponse } },
      preHandler: app.requireOnboarded,
    },
    async (request) => resetOnboarding(ctx, currentMember(request)),
  );

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
