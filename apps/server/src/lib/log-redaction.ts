import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';
/** Path words (`api`, `password`, `has-seen`) stay readable; ids, hashes and tokens never match this. */
const WORD = /^[a-z][a-z_-]{0,30}$/;

/**
 * A request address fit for the log (DESIGN.md §8: never log tokens): every path segment that is not
 * a plain word and every query value is replaced, so reset tokens, verification hashes and signatures
 * (and ids) never reach it, whatever the route.
 */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const segments = path.split('/').map((s) => (s === '' || WORD.test(s) ? s : REDACTED));
  if (query === undefined) return segments.join('/');
  const params = query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const key = pair.split('=', 1)[0]!;
      return `${WORD.test(key) ? key : REDACTED}=${REDACTED}`;
    });
  return `${segments.join('/')}?${params.join('&')}`;
}

/** pino serializer for `req`: the route pattern that answered plus the redacted address. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    route: request.routeOptions?.url,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}

/**
 * pino serializer for `err`. A failed query's error (drizzle's DrizzleQueryError) carries the query's
 * parameters in `params` and in its message: message bodies, hashes of tokens. They never reach the log.
 */
export function serializeError(err: Error): SerializedError {
  const params = (err as { params?: unknown }).params;
  const scrub = (text: string) =>
    params === undefined ? text : text.replace(`params: ${params}`, 'params: [redacted]');
  const out: SerializedError = {
    type: err.constructor.name,
    message: scrub(err.message),
    stack: scrub(err.stack ?? ''),
  };
  for (const [key, value] of Object.entries(err)) {
    if (!(key in out) && key !== 'params' && key !== 'cause') out[key] = value;
  }
  if (err.cause !== undefined) out.cause = err.cause instanceof Error ? serializeError(err.cause) : err.cause;
  return out;
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}
