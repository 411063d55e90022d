import { idParam } from '@trostnetz/contracts/fields';
import { watchlist } from '@trostnetz/contracts/safety';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentMember } from '../../plugins/auth.ts';
import { addToWatchlist, listWatchlist, removeFromWatchlist } from './watchlist.service.ts';

/** The watchlist: members someone wants to keep an eye on (each add and remove answers the list). */
export async function watchlistRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pre = { preHandler: app.requireOnboarded };

  r.get(
    '/api/user/watchlist',
    { schema: { tags: ['watchlist'], response: { 200: watchlist } }, ...pre },
    async (request) => listWatchlist(ctx.db, currentMember(request).id),
  );
  r.post(
    '/api/user/watchlist/:id',
    { schema: { tags: ['watchlist'], params: idParam, response: { 200: watchlist } }, ...pre },
    async (request) => {
      await addToWatchlist(ctx.db, currentMember(request).id, request.params.id);
      return listWatchlist(ctx.db, currentMember(request).id);
    },
  );
  r.delete(
    '/api/user/watchlist/:id',
    { schema: { tags: ['watchlist'], params: idParam, response: { 200: watchlist } }, ...pre },
    async (request) => {
      await removeFromWatchlist(ctx.db, currentMember(request).id, request.params.id);
      return listWatchlist(ctx.db, currentMember(request).id);
    },
  );
}
