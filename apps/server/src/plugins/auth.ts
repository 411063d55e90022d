import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../lib/app-error.ts';
import { isSessionLive } from '../modules/auth/sessions.service.ts';
import { bearerToken } from '../modules/auth/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: { userId: number; sessionId: string } | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid access token of a live session, else 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  const { ctx } = opts;
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await ctx.accessTokens.verify(token) : null;
    if (!claims || !(await isSessionLive(ctx.db, claims.sessionId, claims.userId))) {
      throw new AppError('unauthenticated');
    }
    request.auth = claims;
  });
});

/** The authenticated member's id; only call behind app.authenticate. */
export function authUserId(request: FastifyRequest): number {
  if (!request.auth) throw new AppError('unauthenticated');
  return request.auth.userId;
}
