import {
  chatMessage,
  historyQuery,
  historyResponse,
  partnerParam,
  readParams,
  readResponse,
  sendMessageBody,
  unreadResponse,
} from '@trostnetz/contracts/chat';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentMember } from '../../plugins/auth.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { history, markRead, sendMessage, unreadBySender } from './chat.service.ts';

const socketIdPattern = /^\d+\.\d+$/;

export async function chatRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pre = { preHandler: app.requireOnboarded };

  r.post(
    '/api/chat/:partner/send',
    {
      schema: { tags: ['chat'], params: partnerParam, body: sendMessageBody, response: { 200: chatMessage } },
      ...pre,
      config: { errors: ['conflict'], rateLimit: perMember('chat-send', ctx.config.rateLimits.chatSend) },
    },
    async (request) => {
      const socket = request.headers['x-socket-id'];
      const socketId = typeof socket === 'string' && socketIdPattern.test(socket) ? socket : undefined;
      return sendMessage(ctx, currentMember(request).id, request.params.partner, request.body, socketId);
    },
  );

  r.get(
    '/api/chat/:partner/messages',
    {
      schema: {
        tags: ['chat'],
        params: partnerParam,
        querystring: historyQuery,
        response: { 200: historyResponse },
      },
      ...pre,
    },
    async (request) => history(ctx, currentMember(request).id, request.params.partner, request.query),
  );

  r.post(
    '/api/chat/messages/:chat/:partner/read',
    { schema: { tags: ['chat'], params: readParams, response: { 200: readResponse } }, ...pre },
    async (request) => markRead(ctx, currentMember(request).id, request.params.chat, request.params.partner),
  );

  r.get(
    '/api/chat/unreadByChat',
    { schema: { tags: ['chat'], response: { 200: unreadResponse } }, ...pre },
    async (request) => unreadBySender(ctx, currentMember(request).id),
  );
}
