import type { ErrorCode } from '@trostnetz/contracts/errors';
import { idParam } from '@trostnetz/contracts/fields';
import {
  foreignProfile,
  friendActionBody,
  friendActionResponse,
  friendSendResponse,
  partnerList,
} from '@trostnetz/contracts/partners';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { t } from '../../i18n/catalogue.ts';
import { currentMember } from '../../plugins/auth.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { actionMessage, friendAction } from './friendship.service.ts';
import { listPartners } from './partners.service.ts';
import { foreignProfileOf } from './profile.service.ts';

export async function partnersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = {
    rateLimit: perMember('friend', ctx.config.rateLimits.friendAction),
    errors: ['member_unavailable', 'friendship_state'] as ErrorCode[],
  };

  r.get(
    '/api/chat/partners',
    { schema: { tags: ['partners'], response: { 200: partnerList } }, preHandler: app.requireOnboarded },
    async (request) => listPartners(ctx, currentMember(request).id, request.locale),
  );

  r.post(
    '/api/user/friend/request/send/:id',
    {
      schema: {
        tags: ['partners'],
        params: idParam,
        body: friendActionBody,
        response: { 200: friendSendResponse },
      },
      preHandler: app.requireOnboarded,
      config: limited,
    },
    async (request) => {
      const partner = await friendAction(
        ctx,
        currentMember(request).id,
        request.params.id,
        'send',
        request.body?.message,
        request.locale,
      );
      return { success: true, partner };
    },
  );

  // SPEC.md §7: accept, deny and retract live under /request/, remove under /list/; all answer {success, message}.
  const paths = {
    accept: '/api/user/friend/request/accept/:id',
    deny: '/api/user/friend/request/deny/:id',
    retract: '/api/user/friend/request/retract/:id',
    remove: '/api/user/friend/list/remove/:id',
  } as const;
  for (const [action, path] of Object.entries(paths) as Array<[keyof typeof paths, string]>) {
    r.post(
      path,
      {
        schema: {
          tags: ['partners'],
          params: idParam,
          body: friendActionBody,
          response: { 200: friendActionResponse },
        },
        preHandler: app.requireOnboarded,
        config: limited,
      },
      async (request) => {
        await friendAction(
          ctx,
          currentMember(request).id,
          request.params.id,
          action,
          request.body?.message,
          request.locale,
        );
        return { success: true, message: t(request.locale, actionMessage[action]) };
      },
    );
  }

  r.get(
    '/api/profile/:id',
    {
      schema: { tags: ['partners'], params: idParam, response: { 200: foreignProfile } },
      preHandler: app.requireOnboarded,
      config: { rateLimit: perMember('profile', ctx.config.rateLimits.profileRead) },
    },
    async (request) => foreignProfileOf(ctx, currentMember(request).id, request.params.id, request.locale),
  );
}
