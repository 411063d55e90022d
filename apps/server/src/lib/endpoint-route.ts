import type { Endpoint } from '@trostnetz/contracts/endpoint';
import { routeKey } from '@trostnetz/contracts/endpoints';
import type { FastifyInstance } from 'fastify';

/**
 * A route's method and url, taken from its endpoint in the contracts' table:
 * `r.route({ ...at(chat.send), schema, handler })`. The web client calls the same entry.
 */
export const at = <E extends Endpoint>(endpoint: E) => ({ method: endpoint.method, url: endpoint.path });

/** The routes the table governs: the API (its browsable documentation aside) and the realtime sign-off. */
const governed = (url: string) =>
  (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url.startsWith('/pusher/');

/**
 * Registering an API route the table does not name fails at start, so a path can only be written
 * once, in packages/contracts. Fastify's automatic HEAD beside a GET counts as that GET.
 */
export function onlyTableRoutes(app: FastifyInstance, endpoints: Endpoint[]) {
  const known = new Set(endpoints.map(routeKey));
  app.addHook('onRoute', (route) => {
    if (!governed(route.url)) return;
    for (const method of [route.method].flat()) {
      const as = method === 'HEAD' ? 'GET' : method;
      if (!known.has(routeKey({ method: as, path: route.url }))) {
        throw new Error(
          `${method} ${route.url} is not in the endpoint tables of packages/contracts: add it there and register it with at()`,
        );
      }
    }
  });
}
