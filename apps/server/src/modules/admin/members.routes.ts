import {
  adminMemberDetail,
  adminMembersPage,
  adminMembersQuery,
  deleteMemberBody,
  liftSuspensionBody,
  memberNoteBody,
  premiumBody,
  resetSecondFactorBody,
  rolesBody,
  suspendBody,
} from '@trostnetz/contracts/admin';
import { adminMembersApi } from '@trostnetz/contracts/admin.endpoints';
import { idParam } from '@trostnetz/contracts/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { at } from '../../lib/endpoint-route.ts';
import { currentMember } from '../../plugins/auth.ts';
import {
  addNote,
  deleteMember,
  liftSuspension,
  memberDetail,
  resendVerification,
  resetSecondFactor,
  revokeSessions,
  searchMembers,
  setPremium,
  setRoles,
  suspendAccount,
} from './members.service.ts';
import { confirmPassword } from './staff.service.ts';

/** Members in the console (issue 16): search, a member's page and the actions, each audited. */
export async function membersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const done = { 204: z.null() };

  r.route({
    ...at(adminMembersApi.search),
    schema: {
      tags,
      summary: 'Search members by e-mail, nickname or id',
      querystring: adminMembersQuery,
      response: { 200: adminMembersPage },
    },
    preHandler: app.requirePermission('members.view'),
    handler: async (request) => searchMembers(ctx.db, request.query.q, request.query.cursor),
  });
  r.route({
    ...at(adminMembersApi.one),
    schema: { tags, params: idParam, response: { 200: adminMemberDetail } },
    preHandler: app.requirePermission('members.view'),
    handler: async (request) => memberDetail(ctx.db, request.params.id),
  });
  r.route({
    ...at(adminMembersApi.addNote),
    schema: { tags, summary: 'Add a staff note', params: idParam, body: memberNoteBody, response: done },
    preHandler: app.requirePermission('members.view'),
    handler: async (request, reply) => {
      await addNote(ctx, currentMember(request), request.params.id, request.body.text);
      return reply.status(204).send(null);
    },
  });
  r.route({
    ...at(adminMembersApi.sendVerificationMail),
    schema: { tags, summary: 'Send the verification mail again', params: idParam, response: done },
    preHandler: app.requirePermission('members.view'),
    config: { errors: ['conflict'] },
    handler: async (request, reply) => {
      await resendVerification(ctx, currentMember(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
  r.route({
    ...at(adminMembersApi.revokeSessions),
    schema: {
      tags,
      summary: "End all of the member's sessions and sockets",
      params: idParam,
      response: done,
    },
    preHandler: app.requirePermission('members.suspend'),
    config: { errors: ['staff_rank'] },
    handler: async (request, reply) => {
      await revokeSessions(ctx, currentMember(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
  r.route({
    ...at(adminMembersApi.suspend),
    schema: {
      tags,
      summary: 'Suspend: statement of reasons to the member, no sign-in until the end date, sessions end',
      params: idParam,
      body: suspendBody,
      response: done,
    },
    preHandler: app.requirePermission('members.suspend'),
    config: { errors: ['reauth_required', 'staff_rank', 'last_super_admin'] },
    handler: async (request, reply) => {
      const staff = currentMember(request);
      await confirmPassword(ctx.db, staff, request.body.password);
      await suspendAccount(ctx, staff, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  });
  r.route({
    ...at(adminMembersApi.liftSuspension),
    schema: {
      tags,
      summary: 'Lift a suspension',
      params: idParam,
      body: liftSuspensionBody,
      response: done,
    },
    preHandler: app.requirePermission('members.suspend'),
    config: { errors: ['staff_rank', 'conflict'] },
    handler: async (request, reply) => {
      await liftSuspension(ctx, currentMember(request), request.params.id, request.body.text);
      return reply.status(204).send(null);
    },
  });
  r.route({
    ...at(adminMembersApi.setPremium),
    schema: {
      tags,
      summary: 'Grant premium (a staff grant) or take it (grants only; a paid contract: 409)',
      params: idParam,
      body: premiumBody,
      response: done,
    },
    preHandler: app.requirePermission('plans.manage'),
    config: { errors: ['reauth_required', 'staff_rank', 'conflict'] },
    handler: async (request, reply) => {
      const staff = currentMember(request);
      await confirmPassword(ctx.db, staff, request.body.password);
      await setPremium(ctx, staff, request.params.id, request.body.premium, request.body.text);
      return reply.status(204).send(null);
    },
  });
  r.route({
    ...at(adminMembersApi.setRoles),
    schema: {
      tags,
      summary: "Set the member's roles (admin only)",
      params: idParam,
      body: rolesBody,
      response: done,
    },
    preHandler: app.requirePermission('roles.assign'),
    config: { errors: ['reauth_required', 'staff_rank'] },
    handler: async (request, reply) => {
      const staff = currentMember(request);
      await confirmPassword(ctx.db, staff, request.body.password);
      await setRoles(ctx, staff, request.params.id, request.body.roles);
      return reply.status(204).send(null);
    },
  });
  r.route({
    ...at(adminMembersApi.resetSecondFactor),
    schema: {
      tags,
      summary: "Reset a staff member's second factor (admin only)",
      description:
        "For a lost authenticator: the TOTP secret and recovery codes go, the console sessions end, a security mail goes out; the next console sign-in enrols again. Not for one's own (403); 409 when there is no second factor to reset.",
      params: idParam,
      body: resetSecondFactorBody,
      response: done,
    },
    preHandler: app.requirePermission('roles.assign'),
    config: { errors: ['reauth_required', 'staff_rank', 'conflict'] },
    handler: async (request, reply) => {
      const staff = currentMember(request);
      await confirmPassword(ctx.db, staff, request.body.password);
      await resetSecondFactor(ctx, staff, request.params.id, request.body.text);
      return reply.status(204).send(null);
    },
  });
  r.route({
    ...at(adminMembersApi.delete),
    schema: {
      tags,
      summary: 'Delete the account through the member life cycle (erased after the grace period)',
      params: idParam,
      body: deleteMemberBody,
      response: done,
    },
    preHandler: app.requirePermission('members.delete'),
    config: { errors: ['reauth_required', 'staff_rank', 'last_super_admin', 'conflict'] },
    handler: async (request, reply) => {
      const staff = currentMember(request);
      await confirmPassword(ctx.db, staff, request.body.password);
      await deleteMember(ctx, staff, request.params.id, request.body.text);
      return reply.status(204).send(null);
    },
  });
}
