import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../lib/app-error.ts';
import { memberOfLiveSession } from '../modules/auth/sessions.service.ts';
import { bearerToken } from '../modules/auth/tokens.ts';
import type { UserRow } from '../modules/users/users.presenter.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: { userId: number; sessionId: string } | null;
    member: UserRow | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid access token of a live session, else 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: authenticated and verified (SPEC.md §6: unverified members are confined). */
    requireMember: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: a verified member who finished the onboarding questionnaire. */
    requireOnboarded: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  const { ctx } = opts;
  app.decorateRequest('auth', null);
  app.decorateRequest('member', null);
  const authenticate = async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await ctx.accessTokens.verify(token) : null;
    const member = claims && (await memberOfLiveSession(ctx.db, claims.sessionId, claims.userId));
    if (!member) throw new AppError('unauthenticated');
    request.auth = claims;
    request.member = member;
  };
  const requireMember = async (request: FastifyRequest) => {
    await authenticate(request);
    if (!request.member!.isVerified) throw new AppError('not_verified');
  };
  app.decorate('authenticate', authenticate);
  app.decorate('requireMember', requireMember);
  app.decorate('requireOnboarded', async (request: FastifyRequest) => {
    await requireMember(request);
    if (request.member!.matchingStep >= 0) throw new AppError('onboarding_required');
  });
});

/** The member behind authenticate (verified behind requireMember / requireOnboarded). */
export function currentMember(request: FastifyRequest): UserRow {
  if (!request.member) throw new AppError('unauthenticated');
  return request.member;
}

/** The authenticated member's id; only call behind app.authenticate. */
export function authUserId(request: FastifyRequest): number {
  if (!request.auth) throw new AppError('unauthenticated');
  return request.auth.userId;
}
