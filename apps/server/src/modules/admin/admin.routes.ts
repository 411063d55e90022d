import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { membersRoutes } from './members.routes.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { operationsRoutes } from './operations.routes.ts';
import { staffRoutes } from './staff.routes.ts';

/** The team's console under /api/admin (issue 16): every route behind the staff session. */
export async function adminRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  await staffRoutes(app, opts);
  await moderationRoutes(app, opts);
  await membersRoutes(app, opts);
  await operationsRoutes(app, opts);
}
