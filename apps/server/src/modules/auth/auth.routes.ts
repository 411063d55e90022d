import {
  forgotPasswordBody,
  loginBody,
  loginResponse,
  messageResponse,
  registerBody,
  resetPasswordBody,
  tokenPair,
  verifyParams,
  verifyQuery,
} from '@trostnetz/contracts/auth';
import { authApi } from '@trostnetz/contracts/auth.endpoints';
import { errorCatalogue } from '@trostnetz/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { t } from '../../i18n/catalogue.ts';
import { AppError } from '../../lib/app-error.ts';
import { at } from '../../lib/endpoint-route.ts';
import { authUserId, currentMember } from '../../plugins/auth.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { activeSuspension } from '../admin/suspensions.service.ts';
import { storeAttribution } from '../attribution/attribution.service.ts';
import { endMemberLive } from '../chat/chat.service.ts';
import { userView } from '../users/users.service.ts';
import {
  checkCredentials,
  registerMember,
  requestPasswordReset,
  resetPassword,
  sendVerificationMail,
  signIn,
  verifyEmail,
} from './accounts.service.ts';
import { revokeSession, rotateRefreshToken, startSession } from './sessions.service.ts';
import { bearerToken } from './tokens.ts';

export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = ctx.config.rateLimits;

  r.route({
    ...at(authApi.register),
    schema: { tags: ['auth'], body: registerBody, response: { 201: loginResponse } },
    config: { rateLimit: limits.register },
    handler: async (request, reply) => {
      const row = await registerMember(ctx, request.body);
      await storeAttribution(ctx.db, row.id, request.body.attribution);
      const tokens = await startSession(ctx, row.id, request.headers['user-agent']);
      return reply.status(201).send({ ...tokens, user: await userView(ctx.db, row) });
    },
  });

  r.route({
    ...at(authApi.signIn),
    schema: { tags: ['auth'], body: loginBody, response: { 200: loginResponse } },
    config: {
      errors: ['invalid_credentials', 'deletion_pending', 'account_suspended', 'unavailable'],
      rateLimit: limits.login,
    },
    handler: async (request) => {
      const user = await checkCredentials(ctx, request.body.username, request.body.password);
      // Only with the right password: the grace period's account points to the mail's undo link.
      if (user.deletionRequestedAt) throw new AppError('deletion_pending');
      // Suspended (issue 16): refused until the end date; the statement of reasons went out by mail.
      const suspendedUntil = await activeSuspension(ctx.db, user.id);
      if (suspendedUntil)
        throw new AppError('account_suspended', undefined, undefined, {
          until: suspendedUntil.toISOString(),
        });
      const tokens = await signIn(ctx, user, request.headers['user-agent']);
      return { ...tokens, user: await userView(ctx.db, user) };
    },
  });

  r.route({
    ...at(authApi.refresh),
    schema: {
      tags: ['auth'],
      description: 'Refresh token as bearer',
      // No preHandler asks for a session here, so the document is told which bearer it takes.
      security: [{ refreshToken: [] }],
      response: { 200: tokenPair },
    },
    config: { errors: ['invalid_token'], rateLimit: limits.refresh },
    handler: async (request) => {
      const presented = bearerToken(request.headers.authorization);
      if (!presented) throw new AppError('invalid_token');
      return rotateRefreshToken(ctx, presented);
    },
  });

  r.route({
    ...at(authApi.signOut),
    schema: { tags: ['auth'], response: { 204: z.null() } },
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      await revokeSession(ctx.db, request.auth!.sessionId, 'logout');
      await endMemberLive(ctx, authUserId(request));
      return reply.status(204).send(null);
    },
  });

  r.route({
    ...at(authApi.forgotPassword),
    schema: { tags: ['auth'], body: forgotPasswordBody, response: { 200: messageResponse } },
    config: { rateLimit: limits.passwordReset },
    handler: async (request) => {
      await requestPasswordReset(ctx, request.body.email);
      return { message: t(request.locale, 'auth.reset_link_sent') };
    },
  });

  r.route({
    ...at(authApi.resetPassword),
    schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: messageResponse } },
    config: { errors: ['invalid_link'], rateLimit: limits.passwordReset },
    handler: async (request) => {
      await resetPassword(ctx, request.body.token, request.body.password);
      return { message: t(request.locale, 'auth.password_changed') };
    },
  });

  r.route({
    ...at(authApi.verifyEmail),
    schema: {
      tags: ['auth'],
      params: verifyParams,
      querystring: verifyQuery,
      response: { 204: z.null() },
      description: `204 on success; 403 ${errorCatalogue.invalid_link.en}`,
    },
    config: { errors: ['invalid_link'] },
    handler: async (request, reply) => {
      await verifyEmail(ctx, {
        userId: request.params.user_id,
        hash: request.params.hash,
        expires: request.query.expires,
        signature: request.query.signature,
      });
      return reply.status(204).send(null);
    },
  });

  r.route({
    ...at(authApi.resendVerification),
    schema: { tags: ['auth'], response: { 200: messageResponse } },
    preHandler: app.authenticate,
    config: { rateLimit: perMember('verify-resend', limits.verifyResend) },
    handler: async (request) => {
      const user = currentMember(request);
      if (!user.isVerified) await sendVerificationMail(ctx, user);
      return { message: t(request.locale, 'auth.verification_resent') };
    },
  });
}
