import { idString } from '@trostnetz/contracts/fields';
import {
  blockBody,
  blockEntry,
  blocklist,
  reportBody,
  reportResponse,
  sendPromptBody,
} from '@trostnetz/contracts/safety';
import { safetyApi } from '@trostnetz/contracts/safety.endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { at } from '../../lib/endpoint-route.ts';
import { currentMember } from '../../plugins/auth.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { hideMember, listBlocks, reportProfile, unhide } from './safety.service.ts';
import { countSendPrompt } from './send-prompts.ts';

export async function safetyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pre = { preHandler: app.requireOnboarded };
  const limits = ctx.config.rateLimits;

  r.route({
    ...at(safetyApi.blocklist),
    schema: { tags: ['hidden list'], response: { 200: blocklist } },
    ...pre,
    handler: async (request) => listBlocks(ctx.db, currentMember(request).id),
  });
  r.route({
    ...at(safetyApi.block),
    schema: {
      tags: ['hidden list'],
      body: blockBody,
      response: { 201: blockEntry },
      description:
        'Anyone the member knows; 404 for everyone else, exactly as for an id that does not exist.',
    },
    ...pre,
    config: { rateLimit: perMember('hide', limits.hide) },
    handler: async (request, reply) =>
      reply.status(201).send(await hideMember(ctx, currentMember(request).id, request.body.userId)),
  });
  r.route({
    ...at(safetyApi.unblock),
    schema: {
      tags: ['hidden list'],
      summary: 'Show a hidden member again',
      params: z.object({
        id: idString.describe(
          "The hidden-list entry's id (`id` of an entry from GET /api/user/blocklist/all), not the member's id",
        ),
      }),
      response: { 204: z.null() },
    },
    ...pre,
    handler: async (request, reply) => {
      await unhide(ctx.db, currentMember(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.route({
    ...at(safetyApi.report),
    schema: {
      tags: ['reports'],
      body: reportBody,
      response: { 201: reportResponse },
      description:
        'Stored and answered alike whether or not the target exists or is visible to the reporter.',
    },
    ...pre,
    config: { rateLimit: perMember('report', ctx.config.rateLimits.report) },
    handler: async (request, reply) =>
      reply.status(201).send(await reportProfile(ctx, currentMember(request).id, request.body)),
  });

  r.route({
    ...at(safetyApi.sendPrompts),
    schema: {
      tags: ['safety'],
      summary: 'Count one choice after the send prompt',
      body: sendPromptBody,
      response: { 204: z.null() },
      description:
        'Where the prompt showed (chat, post, comment) and what the writer chose (change, send): a count per day, without the member or the text.',
    },
    ...pre,
    config: { rateLimit: perMember('send-prompt', limits.sendPrompt) },
    handler: async (request, reply) => {
      await countSendPrompt(ctx.db, request.body);
      return reply.status(204).send(null);
    },
  });
}
