import multipart from '@fastify/multipart';
import { vmsg } from '@trostnetz/contracts/messages';
import {
  AVATAR_MAX_BYTES,
  avatarParams,
  avatarResponse,
  ownProfile,
  updateProfileBody,
} from '@trostnetz/contracts/profile';
import { profileApi } from '@trostnetz/contracts/profile.endpoints';
import { answerStepBody, answerStepParams, answerStepResponse } from '@trostnetz/contracts/questionnaire';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { at } from '../../lib/endpoint-route.ts';
import { currentMember } from '../../plugins/auth.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { findActiveUser } from '../users/users.service.ts';
import { changeAnswers } from './answers.service.ts';
import { avatarFor, deleteAvatar, saveAvatar } from './avatar.service.ts';
import { ownProfileOf, updateProfile } from './profile.service.ts';

/** The member's own profile (/profile): texts, visibility, avatar and the questionnaire answers. */
export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Scoped to this plugin: only the avatar upload reads multipart, one file, nothing else.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });

  r.route({
    ...at(profileApi.me),
    schema: { tags: ['profile'], response: { 200: ownProfile } },
    preHandler: app.requireMember,
    handler: async (request) => ownProfileOf(ctx.db, currentMember(request)),
  });

  r.route({
    ...at(profileApi.update),
    schema: { tags: ['profile'], body: updateProfileBody, response: { 200: ownProfile } },
    preHandler: app.requireMember,
    handler: async (request) => {
      const member = currentMember(request);
      await updateProfile(ctx.db, member, request.body);
      return ownProfileOf(ctx.db, (await findActiveUser(ctx.db, member.id)) ?? member);
    },
  });

  r.route({
    ...at(profileApi.uploadAvatar),
    schema: {
      tags: ['profile'],
      description: 'multipart/form-data with one file field: JPEG, PNG or WebP, at most 6 MB and 40 MP.',
      response: { 200: avatarResponse },
    },
    preHandler: app.requireMember,
    config: {
      errors: ['unsupported_media_type', 'payload_too_large', 'validation_failed'],
      rateLimit: perMember('avatar', ctx.config.rateLimits.avatarUpload),
    },
    handler: async (request) => {
      if (!request.isMultipart()) throw new AppError('unsupported_media_type');
      const file = await request.file();
      if (!file) throw validationError({ avatar: [vmsg('required')] });
      const bytes = await file.toBuffer();
      if (!bytes.length) throw validationError({ avatar: [vmsg('required')] });
      return { avatar: await saveAvatar(ctx.db, currentMember(request).id, bytes) };
    },
  });

  r.route({
    ...at(profileApi.deleteAvatar),
    schema: { tags: ['profile'], response: { 204: z.null() } },
    preHandler: app.requireMember,
    handler: async (request, reply) => {
      await deleteAvatar(ctx.db, currentMember(request).id);
      return reply.status(204).send(null);
    },
  });

  r.route({
    ...at(profileApi.avatar),
    schema: { tags: ['profile'], params: avatarParams, produces: ['image/webp'] },
    preHandler: app.requireMember,
    // The path changes with the content, so the answer never goes stale; only for this viewer, so
    // only their browser keeps it (plugins/security.ts).
    config: { cache: 'private-immutable' },
    handler: async (request, reply) => {
      const { name, hash, size } = request.params;
      const image = await avatarFor(ctx.db, currentMember(request), name, hash, size);
      return reply.header('Content-Type', 'image/webp').send(image);
    },
  });

  r.route({
    ...at(profileApi.changeAnswers),
    schema: {
      tags: ['profile'],
      params: answerStepParams,
      body: answerStepBody,
      response: { 200: answerStepResponse },
    },
    preHandler: app.requireOnboarded,
    handler: async (request) =>
      changeAnswers(ctx, currentMember(request), request.params.step, request.body.answers),
  });
}
