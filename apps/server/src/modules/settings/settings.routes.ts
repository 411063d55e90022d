import { messageResponse } from '@trostnetz/contracts/auth';
import {
  changeEmailBody,
  changeLocaleBody,
  changeNicknameBody,
  changePasswordBody,
  emailLinkBody,
  endedSessions,
  sessionIdParam,
  sessionList,
  settingsMe,
} from '@trostnetz/contracts/settings';
import { settingsApi } from '@trostnetz/contracts/settings.endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { t } from '../../i18n/catalogue.ts';
import { AppError } from '../../lib/app-error.ts';
import { at } from '../../lib/endpoint-route.ts';
import { currentMember } from '../../plugins/auth.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { endOtherSessions, endOwnSession, liveSessions } from '../auth/sessions.service.ts';
import { userView } from '../users/users.service.ts';
import {
  confirmEmailChange,
  pendingEmail,
  requestEmailChange,
  undoEmailChange,
} from './email-change.service.ts';
import { presentSession } from './settings.presenter.ts';
import { changeLocale, changeNickname, changePassword } from './settings.service.ts';

const sessionOf = (request: FastifyRequest) => {
  if (!request.auth) throw new AppError('unauthenticated');
  return request.auth.sessionId;
};

/** The member's account and security settings (SPEC.md §2 /settings, issue 11). */
export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = ctx.config.rateLimits;
  const tags = ['settings'];

  r.route({
    ...at(settingsApi.me),
    schema: { tags, response: { 200: settingsMe } },
    preHandler: app.requireMember,
    handler: async (request) => {
      const member = currentMember(request);
      return { user: await userView(ctx.db, member), pending_email: await pendingEmail(ctx, member.id) };
    },
  });

  r.route({
    ...at(settingsApi.changePassword),
    schema: {
      tags,
      body: changePasswordBody,
      response: { 200: messageResponse },
      description:
        'Every other session of the member ends, console sessions included; this one stays. 422 for a wrong current password.',
    },
    preHandler: app.requireMember,
    config: { rateLimit: perMember('password-change', limits.passwordChange) },
    handler: async (request) => {
      await changePassword(ctx, currentMember(request), sessionOf(request), request.body);
      return { message: t(request.locale, 'settings.password_changed') };
    },
  });

  r.route({
    ...at(settingsApi.changeEmail),
    schema: {
      tags,
      body: changeEmailBody,
      response: { 202: messageResponse },
      description:
        'The same answer whether or not the address is taken; it counts once its link is confirmed.',
    },
    preHandler: app.requireMember,
    config: { errors: ['conflict'], rateLimit: perMember('email-change', limits.emailChange) },
    handler: async (request, reply) => {
      await requestEmailChange(ctx, currentMember(request), request.body);
      return reply.status(202).send({ message: t(request.locale, 'settings.email_change_sent') });
    },
  });

  r.route({
    ...at(settingsApi.confirmEmail),
    schema: { tags, body: emailLinkBody, response: { 200: messageResponse } },
    config: { errors: ['invalid_link', 'link_expired', 'conflict'], rateLimit: limits.emailLink },
    handler: async (request) => {
      await confirmEmailChange(ctx, request.body.token);
      return { message: t(request.locale, 'settings.email_changed') };
    },
  });

  r.route({
    ...at(settingsApi.undoEmail),
    schema: {
      tags,
      body: emailLinkBody,
      response: { 200: messageResponse },
      description: 'Valid 7 days (410 after). Every session of the member ends.',
    },
    config: { errors: ['invalid_link', 'link_expired'], rateLimit: limits.emailLink },
    handler: async (request) => {
      await undoEmailChange(ctx, request.body.token);
      return { message: t(request.locale, 'settings.email_change_undone') };
    },
  });

  r.route({
    ...at(settingsApi.changeNickname),
    schema: { tags, body: changeNicknameBody, response: { 200: settingsMe } },
    preHandler: app.requireMember,
    handler: async (request) => {
      const row = await changeNickname(ctx, currentMember(request), request.body.nickname);
      return { user: await userView(ctx.db, row), pending_email: await pendingEmail(ctx, row.id) };
    },
  });

  r.route({
    ...at(settingsApi.changeLocale),
    schema: {
      tags,
      body: changeLocaleBody,
      response: { 200: settingsMe },
      description:
        "The account's language: the app shows it after sign-in on every device, and every mail to the account is written in it. Open to unverified accounts too (their verification mail follows it).",
    },
    preHandler: app.authenticate,
    handler: async (request) => {
      const row = await changeLocale(ctx, currentMember(request), request.body.locale);
      return { user: await userView(ctx.db, row), pending_email: await pendingEmail(ctx, row.id) };
    },
  });

  r.route({
    ...at(settingsApi.sessions),
    schema: { tags, response: { 200: sessionList } },
    preHandler: app.requireMember,
    handler: async (request) => {
      const rows = await liveSessions(ctx, currentMember(request).id);
      return { data: rows.map((s) => presentSession(s, sessionOf(request))) };
    },
  });

  r.route({
    ...at(settingsApi.endSession),
    schema: { tags, params: sessionIdParam, response: { 204: z.null() } },
    preHandler: app.requireMember,
    handler: async (request, reply) => {
      const ended = await endOwnSession(ctx, currentMember(request).id, request.params.id, 'ended_by_member');
      if (!ended) throw new AppError('not_found');
      return reply.status(204).send(null);
    },
  });

  r.route({
    ...at(settingsApi.endOtherSessions),
    schema: {
      tags,
      response: { 200: endedSessions },
      description: 'Signs out everywhere else: every session but this one ends, console sessions included.',
    },
    preHandler: app.requireMember,
    handler: async (request) => ({
      ended: await endOtherSessions(ctx, currentMember(request).id, sessionOf(request), 'ended_by_member'),
    }),
  });
}
