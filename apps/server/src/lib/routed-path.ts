import type { FastifyRequest } from 'fastify';

/** The request's path, percent-decoded as the router decodes it (`/%61pi/x` is `/api/x`); the raw path if malformed. */
export function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * What answered: the matched route's pattern (`/api/profile/:id`), else the decoded path. Decisions
 * about a request (cache headers, the web app fallback, logging) use this, never the raw URL, which
 * can spell the same route in many ways.
 */
export function routedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? decodedPath(request.url);
}
