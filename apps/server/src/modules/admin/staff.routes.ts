import {
  staffEnrolBody,
  staffEnrolResponse,
  staffLoginBody,
  staffMe,
  staffSession,
  staffSessionStart,
  staffTotpBody,
} from '@trostnetz/contracts/admin';
import { staffSessionApi } from '@trostnetz/contracts/admin.endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { at } from '../../lib/endpoint-route.ts';
import { currentMember } from '../../plugins/auth.ts';
import { audit } from './audit.service.ts';
import {
  endStaffSession,
  finishEnrolment,
  finishTotp,
  roleNames,
  staffPermissions,
  startStaffSignIn,
} from './staff.service.ts';

/** The staff sign-in (issue 16): password, then TOTP (enrolment the first time), then a console session. */
export async function staffRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = ctx.config.rateLimits;

  r.route({
    ...at(staffSessionApi.start),
    schema: {
      tags: ['admin'],
      summary: 'Staff sign-in, step 1: e-mail and password',
      description:
        'Answers the next step: `enrol` (with a new TOTP secret and its otpauth URL, when the staff member has no second factor yet) or `totp`. 403 forbidden for an account without any console permission.',
      body: staffLoginBody,
      response: { 200: staffSessionStart },
    },
    config: {
      errors: ['invalid_credentials', 'forbidden', 'account_suspended'],
      rateLimit: limits.login,
    },
    handler: async (request) => startStaffSignIn(ctx, request.body.email, request.body.password),
  });

  r.route({
    ...at(staffSessionApi.enrol),
    schema: {
      tags: ['admin'],
      summary: 'Staff sign-in, first time: confirm the TOTP secret with a code',
      description: 'Answers the console token and ten recovery codes, shown only this once.',
      body: staffEnrolBody,
      response: { 200: staffEnrolResponse },
    },
    config: {
      errors: ['totp_invalid', 'totp_replayed', 'staff_challenge_invalid'],
      rateLimit: limits.login,
    },
    handler: async (request) => {
      const { member, session, recovery_codes } = await finishEnrolment(
        ctx,
        request.body.challenge,
        request.body.code,
      );
      await audit(ctx.db, {
        actorId: member.id,
        action: 'staff.enrolled',
        targetType: 'member',
        targetId: member.id,
      });
      return { token: session.token, expires_at: session.expires_at, recovery_codes };
    },
  });

  r.route({
    ...at(staffSessionApi.totp),
    schema: {
      tags: ['admin'],
      summary: 'Staff sign-in, step 2: the current TOTP code or a recovery code',
      description:
        'A code already used (the same 30-second step or an earlier one) is refused: totp_replayed.',
      body: staffTotpBody,
      response: { 200: staffSession },
    },
    config: {
      errors: ['totp_invalid', 'totp_replayed', 'staff_challenge_invalid'],
      rateLimit: limits.login,
    },
    handler: async (request) => {
      const { member, session } = await finishTotp(ctx, request.body.challenge, request.body);
      await audit(ctx.db, {
        actorId: member.id,
        action: request.body.code ? 'staff.signed_in' : 'staff.signed_in_recovery_code',
        targetType: 'member',
        targetId: member.id,
      });
      return { token: session.token, expires_at: session.expires_at };
    },
  });

  r.route({
    ...at(staffSessionApi.me),
    schema: { tags: ['admin'], response: { 200: staffMe } },
    preHandler: app.requireStaff,
    handler: async (request) => {
      const me = currentMember(request);
      return {
        id: me.id,
        nickname: me.nickname,
        email: me.email,
        roles: await roleNames(ctx.db, me.id),
        permissions: await staffPermissions(ctx.db, me),
      };
    },
  });

  r.route({
    ...at(staffSessionApi.end),
    schema: { tags: ['admin'], summary: 'Staff sign-out', response: { 204: z.null() } },
    preHandler: app.requireStaff,
    handler: async (request, reply) => {
      await endStaffSession(ctx.db, request.staffSessionId!);
      return reply.status(204).send(null);
    },
  });
}
