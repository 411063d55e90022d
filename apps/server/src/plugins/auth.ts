import { staffSessionApi } from '@trostnetz/contracts/admin.endpoints';
import type { Permission } from '@trostnetz/contracts/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import type { Member } from '../db/schema/users.ts';
import { AppError } from '../lib/app-error.ts';
import { readStaffToken, staffOfLiveSession } from '../modules/admin/staff.service.ts';
import { memberOfLiveSession } from '../modules/auth/sessions.service.ts';
import { bearerToken } from '../modules/auth/tokens.ts';
import { isOnboarded } from '../policies/members.ts';
import { hasPermission } from '../policies/permissions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: { userId: number; sessionId: string } | null;
    member: Member | null;
    /** Behind requireStaff / requirePermission: the console session (issue 16). */
    staffSessionId: string | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid access token of a live session, else 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: authenticated and verified (SPEC.md §6: unverified members are confined). */
    requireMember: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: a verified member who finished the onboarding questionnaire. */
    requireOnboarded: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * preHandler: a live console session (staff sign-in with TOTP, issue 16) of a member whose roles
     * grant this permission, or of a super admin (SPEC.md §6); 401 for guests and ended sessions, 403
     * for a member's token and for staff without the permission. Onboarding is not asked of staff.
     */
    requirePermission: (name: Permission) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: a live console session, whatever its permissions (/api/admin/me, sign-out). */
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * preHandler of a public route that does more for the signed-in: `request.member` when the request
     * carries a live session's token, else null; never an error, so a guest is served as a guest.
     */
    identify: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * What a preHandler asks of the caller, read by the OpenAPI document (plugins/openapi.ts): 'session'
 * can answer 401; 'member' (verified, onboarded, a permission) 401 and 403.
 */
export const authRequirement = Symbol('authRequirement');
export type AuthRequirement = 'session' | 'member';
const marked = <F extends object>(fn: F, level: AuthRequirement): F =>
  Object.assign(fn, { [authRequirement]: level });

/** The strongest requirement among a route's preHandlers, or null for a public route. */
export function authRequirementOf(preHandler: unknown): AuthRequirement | null {
  const hooks = (Array.isArray(preHandler) ? preHandler : [preHandler]) as Array<
    { [authRequirement]?: AuthRequirement } | undefined
  >;
  const levels = hooks.map((h) => h?.[authRequirement]).filter(Boolean);
  return levels.includes('member') ? 'member' : levels.includes('session') ? 'session' : null;
}

/** The console's only public routes: the sign-in steps. */
const STAFF_SIGN_IN = new Set<string>([
  staffSessionApi.start.path,
  staffSessionApi.enrol.path,
  staffSessionApi.totp.path,
]);

export const authPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  const { ctx } = opts;
  app.decorateRequest('auth', null);
  app.decorateRequest('member', null);
  const authenticate = async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await ctx.accessTokens.verify(token) : null;
    const member =
      claims && (await memberOfLiveSession(ctx.db, claims.sessionId, claims.userId, ctx.sessionCache));
    if (!member) throw new AppError('unauthenticated');
    request.auth = claims;
    request.member = member;
  };
  const requireMember = async (request: FastifyRequest) => {
    await authenticate(request);
    if (!request.member!.isVerified) throw new AppError('not_verified');
  };
  app.decorate('authenticate', marked(authenticate, 'session'));
  app.decorate('identify', async (request: FastifyRequest) => {
    await authenticate(request).catch(() => undefined);
  });
  app.decorate('requireMember', marked(requireMember, 'member'));
  app.decorate(
    'requireOnboarded',
    marked(async (request: FastifyRequest) => {
      await requireMember(request);
      if (!isOnboarded(request.member!)) throw new AppError('onboarding_required');
    }, 'member'),
  );
  app.decorateRequest('staffSessionId', null);
  const requireStaff = async (request: FastifyRequest) => {
    if (request.staffSessionId) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('unauthenticated');
    const claims = await readStaffToken(ctx, token);
    if (!claims) {
      // A member's own token opens nothing here: 403 for a live one, 401 for anything else.
      const memberClaims = await ctx.accessTokens.verify(token);
      const member =
        memberClaims &&
        (await memberOfLiveSession(ctx.db, memberClaims.sessionId, memberClaims.userId, ctx.sessionCache));
      throw new AppError(member ? 'forbidden' : 'unauthenticated');
    }
    const staff = await staffOfLiveSession(ctx, claims);
    if (!staff) throw new AppError('invalid_token');
    request.member = staff;
    request.staffSessionId = claims.sessionId;
  };
  app.decorate('requireStaff', marked(requireStaff, 'member'));
  // The console answers nobody but staff, not even with a validation error: the staff session is
  // checked before the body is (requirePermission then checks the permission).
  app.addHook('preValidation', async (request) => {
    const url = request.routeOptions.url ?? '';
    if (url.startsWith('/api/admin/') && !STAFF_SIGN_IN.has(url)) await requireStaff(request);
  });
  app.decorate('requirePermission', (name: Permission) =>
    marked(async (request: FastifyRequest) => {
      await requireStaff(request);
      if (!(await hasPermission(ctx.db, request.member!, name))) throw new AppError('forbidden');
    }, 'member'),
  );
});

/** The member behind authenticate (verified behind requireMember / requireOnboarded). */
export function currentMember(request: FastifyRequest): Member {
  if (!request.member) throw new AppError('unauthenticated');
  return request.member;
}

/** The authenticated member's id; only call behind app.authenticate. */
export function authUserId(request: FastifyRequest): number {
  if (!request.auth) throw new AppError('unauthenticated');
  return request.auth.userId;
}
