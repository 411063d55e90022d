import { matchingApi } from '@trostnetz/contracts/matching.endpoints';
import {
  answerStepBody,
  answerStepParams,
  answerStepResponse,
  questionnaireResponse,
} from '@trostnetz/contracts/questionnaire';
import { questionnaireApi } from '@trostnetz/contracts/questionnaire.endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { at } from '../../lib/endpoint-route.ts';
import { currentMember } from '../../plugins/auth.ts';
import { answerStep, resetOnboarding } from './onboarding.service.ts';
import { questionnaireFor } from './questionnaire.service.ts';

/** The onboarding questionnaire: read it, answer it step by step, answer it again (matching reset). */
export async function questionnaireRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(questionnaireApi.get),
    schema: { tags: ['onboarding'], response: { 200: questionnaireResponse } },
    preHandler: app.requireMember,
    handler: async (request) => questionnaireFor(ctx.db, currentMember(request), request.locale),
  });

  r.route({
    ...at(questionnaireApi.answerStep),
    schema: {
      tags: ['onboarding'],
      params: answerStepParams,
      body: answerStepBody,
      response: { 200: answerStepResponse },
    },
    preHandler: app.requireMember,
    config: { errors: ['conflict'] },
    handler: async (request) =>
      answerStep(ctx, currentMember(request), request.params.step, request.body.answers),
  });

  r.route({
    ...at(matchingApi.reset),
    schema: { tags: ['matching'], response: { 200: answerStepResponse } },
    preHandler: app.requireOnboarded,
    handler: async (request) => resetOnboarding(ctx, currentMember(request)),
  });
}
