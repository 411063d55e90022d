import { realtimeApi } from '@trostnetz/contracts/realtime.endpoints';
import { signChannelAuth } from '@trostnetz/realtime/auth-signature';
import type { RealtimeServer } from '@trostnetz/realtime/server';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { at } from '../../lib/endpoint-route.ts';
import { currentMember } from '../../plugins/auth.ts';
import { clientEventSender, mayJoinChannel } from './channel-kinds.ts';

const authBody = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/),
  channel_name: z.string().max(164),
});

/** /pusher/auth for the kinds of private channel in channel-kinds.ts, and the embedded server's HTTP events API. */
export async function realtimeRoutes(
  app: FastifyInstance,
  { ctx, embedded }: { ctx: AppContext; embedded: RealtimeServer | null },
) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(realtimeApi.auth),
    schema: {
      tags: ['realtime'],
      body: authBody,
      response: { 200: z.object({ auth: z.string(), channel_data: z.string().optional() }) },
    },
    preHandler: app.authenticate,
    config: { errors: ['forbidden'] },
    handler: async (request) => {
      if (!(await mayJoinChannel(ctx, currentMember(request), request.body.channel_name)))
        throw new AppError('forbidden');
      const { appId: id, key, secret } = ctx.config.realtime;
      const { socket_id, channel_name } = request.body;
      const channelData = clientEventSender(channel_name, currentMember(request));
      return {
        auth: signChannelAuth({ id, key, secret }, socket_id, channel_name, channelData),
        ...(channelData === undefined ? {} : { channel_data: channelData }),
      };
    },
  });

  if (!embedded) return;
  // The HTTP events API must see the exact body bytes to check body_md5.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // A full batch (10 events × 10 KB, JSON-escaped) is well over the API's usual 64 KB.
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    const handle = async (
      request: { url: string; method: string; query: unknown; body: unknown },
      reply: { status(n: number): { send(b: unknown): unknown } },
    ) => {
      const result = await embedded.handleHttpApi({
        method: request.method,
        path: request.url.split('?')[0]!,
        query: request.query as Record<string, string>,
        rawBody: typeof request.body === 'string' ? request.body : '',
      });
      return reply.status(result.status).send(result.body);
    };
    scope.post('/apps/:appId/events', { schema: { hide: true } }, handle);
    scope.post('/apps/:appId/batch_events', { schema: { hide: true } }, handle);
    scope.get('/apps/:appId/channels', { schema: { hide: true } }, handle);
    scope.get('/apps/:appId/channels/:channel', { schema: { hide: true } }, handle);
    scope.get('/apps/:appId/channels/:channel/users', { schema: { hide: true } }, handle);
  });
}
