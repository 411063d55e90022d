import {
  chatMessage,
  chatPrivacy,
  editMessageBody,
  historyQuery,
  historyResponse,
  messageIdParam,
  messageReportBody,
  partnerParam,
  readParams,
  readResponse,
  sendMessageBody,
  unreadResponse,
} from '@trostnetz/contracts/chat';
import { chatApi } from '@trostnetz/contracts/chat.endpoints';
import { reportResponse } from '@trostnetz/contracts/safety';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { at } from '../../lib/endpoint-route.ts';
import { currentMember } from '../../plugins/auth.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import {
  chatPrivacyOf,
  deleteMessage,
  editMessage,
  history,
  markRead,
  reportMessage,
  saveChatPrivacy,
  sendMessage,
  unreadBySender,
} from './chat.service.ts';

const socketIdPattern = /^\d+\.\d+$/;
/** The sending tab's socket (`X-Socket-Id`), left out of the live echo to the sender's own tabs. */
const socketOf = (request: FastifyRequest) => {
  const socket = request.headers['x-socket-id'];
  return typeof socket === 'string' && socketIdPattern.test(socket) ? socket : undefined;
};

export async function chatRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pre = { preHandler: app.requireOnboarded };

  r.route({
    ...at(chatApi.send),
    schema: { tags: ['chat'], params: partnerParam, body: sendMessageBody, response: { 200: chatMessage } },
    ...pre,
    config: { errors: ['conflict'], rateLimit: perMember('chat-send', ctx.config.rateLimits.chatSend) },
    handler: async (request) =>
      sendMessage(ctx, currentMember(request).id, request.params.partner, request.body, socketOf(request)),
  });

  r.route({
    ...at(chatApi.change),
    schema: {
      tags: ['chat'],
      description: 'Corrects one of my messages within 15 minutes of sending it (409 after).',
      params: messageIdParam,
      body: editMessageBody,
      response: { 200: chatMessage },
    },
    ...pre,
    config: {
      errors: ['chat_closed', 'message_edit_window_closed'],
      rateLimit: perMember('chat-send', ctx.config.rateLimits.chatSend),
    },
    handler: async (request) =>
      editMessage(ctx, currentMember(request).id, request.params.id, request.body.message, socketOf(request)),
  });

  r.route({
    ...at(chatApi.remove),
    schema: {
      tags: ['chat'],
      description: 'Deletes one of my messages at any time: its text is gone from the database.',
      params: messageIdParam,
      response: { 200: chatMessage },
    },
    ...pre,
    config: {
      errors: ['chat_closed'],
      rateLimit: perMember('chat-send', ctx.config.rateLimits.chatSend),
    },
    handler: async (request) =>
      deleteMessage(ctx, currentMember(request).id, request.params.id, socketOf(request)),
  });

  r.route({
    ...at(chatApi.report),
    schema: {
      tags: ['chat', 'reports'],
      description:
        'A participant reports a message: stored with a snapshot of it and the few messages before it.',
      params: messageIdParam,
      body: messageReportBody,
      response: { 201: reportResponse },
    },
    ...pre,
    config: { rateLimit: perMember('report', ctx.config.rateLimits.report) },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await reportMessage(ctx, currentMember(request).id, request.params.id, request.body)),
  });

  r.route({
    ...at(chatApi.privacy),
    schema: { tags: ['chat'], response: { 200: chatPrivacy } },
    ...pre,
    handler: async (request) => chatPrivacyOf(ctx, currentMember(request).id),
  });

  r.route({
    ...at(chatApi.savePrivacy),
    schema: { tags: ['chat'], body: chatPrivacy, response: { 200: chatPrivacy } },
    ...pre,
    handler: async (request) => saveChatPrivacy(ctx, currentMember(request).id, request.body),
  });

  r.route({
    ...at(chatApi.messages),
    schema: {
      tags: ['chat'],
      params: partnerParam,
      querystring: historyQuery,
      response: { 200: historyResponse },
    },
    ...pre,
    handler: async (request) =>
      history(ctx, currentMember(request).id, request.params.partner, request.query),
  });

  r.route({
    ...at(chatApi.markRead),
    schema: { tags: ['chat'], params: readParams, response: { 200: readResponse } },
    ...pre,
    handler: async (request) =>
      markRead(ctx, currentMember(request).id, request.params.chat, request.params.partner),
  });

  r.route({
    ...at(chatApi.unread),
    schema: { tags: ['chat'], response: { 200: unreadResponse } },
    ...pre,
    handler: async (request) => unreadBySender(ctx, currentMember(request).id),
  });
}
