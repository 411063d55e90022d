import { idParam } from '@trostnetz/contracts/fields';
import { watchlist } from '@trostnetz/contracts/safety';
import { watchlistApi } from '@trostnetz/contracts/watchlist.endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { at } from '../../lib/endpoint-route.ts';
import { currentMember } from '../../plugins/auth.ts';
import { addToWatchlist, listWatchlist, removeFromWatchlist } from './watchlist.service.ts';

/** The watchlist: members someone wants to keep an eye on (each add and remove answers the list). */
export async function watchlistRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pre = { preHandler: app.requireOnboarded };

  r.route({
    ...at(watchlistApi.list),
    schema: { tags: ['watchlist'], response: { 200: watchlist } },
    ...pre,
    handler: async (request) => listWatchlist(ctx.db, currentMember(request).id),
  });
  r.route({
    ...at(watchlistApi.add),
    schema: { tags: ['watchlist'], params: idParam, response: { 200: watchlist } },
    ...pre,
    handler: async (request) => {
      await addToWatchlist(ctx.db, currentMember(request).id, request.params.id);
      return listWatchlist(ctx.db, currentMember(request).id);
    },
  });
  r.route({
    ...at(watchlistApi.remove),
    schema: { tags: ['watchlist'], params: idParam, response: { 200: watchlist } },
    ...pre,
    handler: async (request) => {
      await removeFromWatchlist(ctx.db, currentMember(request).id, request.params.id);
      return listWatchlist(ctx.db, currentMember(request).id);
    },
  });
}
