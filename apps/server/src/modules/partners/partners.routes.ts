import type { ErrorCode } from '@trostnetz/contracts/errors';
import { idParam } from '@trostnetz/contracts/fields';
import {
  foreignProfile,
  friendActionBody,
  friendActionResponse,
  friendSendResponse,
  partnerList,
  reachPrefs,
} from '@trostnetz/contracts/partners';
import { partnersApi } from '@trostnetz/contracts/partners.endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { t } from '../../i18n/catalogue.ts';
import { at } from '../../lib/endpoint-route.ts';
import { currentMember } from '../../plugins/auth.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { actionMessage, friendAction } from './friendship.service.ts';
import { listPartners } from './partners.service.ts';
import { foreignProfileOf } from './profile.service.ts';
import { reachPrefsOf, saveReachPrefs } from './reach.ts';

export async function partnersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = {
    rateLimit: perMember('friend', ctx.config.rateLimits.friendAction),
    errors: ['member_unavailable', 'friendship_state'] as ErrorCode[],
  };

  r.route({
    ...at(partnersApi.list),
    schema: { tags: ['partners'], response: { 200: partnerList } },
    preHandler: app.requireOnboarded,
    handler: async (request) => listPartners(ctx, currentMember(request).id, request.locale),
  });

  r.route({
    ...at(partnersApi.send),
    schema: {
      tags: ['partners'],
      params: idParam,
      body: friendActionBody,
      response: { 200: friendSendResponse },
    },
    preHandler: app.requireOnboarded,
    config: limited,
    handler: async (request) => {
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
  });

  // SPEC.md §7: accept, deny and retract live under /request/, remove under /list/; all answer {success, message}.
  for (const action of ['accept', 'deny', 'retract', 'remove'] as const) {
    r.route({
      ...at(partnersApi[action]),
      schema: {
        tags: ['partners'],
        params: idParam,
        body: friendActionBody,
        response: { 200: friendActionResponse },
      },
      preHandler: app.requireOnboarded,
      config: limited,
      handler: async (request) => {
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
    });
  }

  r.route({
    ...at(partnersApi.profile),
    schema: { tags: ['partners'], params: idParam, response: { 200: foreignProfile } },
    preHandler: app.requireOnboarded,
    config: { rateLimit: perMember('profile', ctx.config.rateLimits.profileRead) },
    handler: async (request) =>
      foreignProfileOf(ctx, currentMember(request).id, request.params.id, request.locale),
  });

  r.route({
    ...at(partnersApi.reach),
    schema: { tags: ['partners'], response: { 200: reachPrefs } },
    preHandler: app.requireMember,
    handler: async (request) => reachPrefsOf(ctx.db, currentMember(request).id),
  });
  r.route({
    ...at(partnersApi.saveReach),
    schema: {
      tags: ['partners'],
      summary: 'Who may reach me with a friend request',
      body: reachPrefs,
      response: { 200: reachPrefs },
      description:
        'A request that does not pass is kept from the member and ends like an unanswered one after 14 days; its sender sees what they see of any request not yet answered. Applies to requests sent from now on.',
    },
    preHandler: app.requireMember,
    handler: async (request) => saveReachPrefs(ctx.db, currentMember(request).id, request.body),
  });
}
