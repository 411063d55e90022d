import { partnerParam } from '@trostnetz/contracts/chat';
import { chatApi } from '@trostnetz/contracts/chat.endpoints';
import { chatMuteBody, chatMuteResponse, mutedChatsResponse } from '@trostnetz/contracts/chat-mutes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { at } from '../../lib/endpoint-route.ts';
import { currentMember } from '../../plugins/auth.ts';
import { mutedPartners, setMute } from './chat-mutes.service.ts';

export async function chatMuteRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pre = { preHandler: app.requireOnboarded };

  r.route({
    ...at(chatApi.muted),
    schema: {
      tags: ['chat'],
      description: 'The partners whose conversations I muted (no push, no mail, no count in the navigation).',
      response: { 200: mutedChatsResponse },
    },
    ...pre,
    handler: async (request) => mutedPartners(ctx, currentMember(request).id),
  });

  r.route({
    ...at(chatApi.mute),
    schema: {
      tags: ['chat'],
      description: 'Mutes or unmutes my conversation with a partner; the partner is not told.',
      params: partnerParam,
      body: chatMuteBody,
      response: { 200: chatMuteResponse },
    },
    ...pre,
    handler: async (request) =>
      setMute(ctx, currentMember(request).id, request.params.partner, request.body.muted),
  });
}
