import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { routedPath } from '../lib/routed-path.ts';

/**
 * How an API answer may be cached; a route declares it in its `config.cache`, the default is no-store.
 * `revalidate`: the same for every visitor, with an ETag (a cache may keep it but asks again).
 * `immutable`: under a content-addressed path, so it never goes stale.
 * `private-immutable`: the same for an answer only the signed-in viewer may have (avatars): kept by their
 * browser, never by a shared cache in between.
 */
export type CachePolicy = 'no-store' | 'revalidate' | 'immutable' | 'private-immutable';
declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: CachePolicy;
  }
}
const cacheControl: Record<CachePolicy, string> = {
  'no-store': 'no-store',
  revalidate: 'no-cache',
  immutable: 'public, max-age=31536000, immutable',
  'private-immutable': 'private, max-age=31536000, immutable',
};

/**
 * The headers helmet sets for these options, worked out once: they are the same for every answer, and
 * @fastify/helmet built helmet's middleware (parsing the CSP directives) again for every request, a
 * visible share of a chat message's CPU (issue 18's profile).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as never, response as never, () => {
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/** Strict CSP (no inline script), HSTS, nosniff, frame-ancestors none; no-store on the API. */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { realtime } = opts.config;
  const connectSrc = ["'self'", 'ws:', 'wss:'];
  if (realtime.host) connectSrc.push(`${realtime.scheme ?? 'https'}://${realtime.host}`);
  // Statistics hits (sent only after consent) go to the configured Matomo and nowhere else.
  if (opts.config.analyticsUrl) connectSrc.push(new URL(opts.config.analyticsUrl).origin);
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(cors, {
    origin: opts.config.corsOrigins.length ? opts.config.corsOrigins : false,
    credentials: true,
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'Accept-Language',
      'ngrok-skip-browser-warning',
      'bypass-tunnel-reminder',
      'X-Socket-Id',
    ],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  app.addHook('onSend', async (request, reply) => {
    const path = routedPath(request);
    if (path.startsWith('/api/') || path.startsWith('/pusher/') || path.startsWith('/apps/')) {
      // A refusal or an error is never kept, whatever the route's own answers may be.
      const policy =
        reply.statusCode >= 400 ? 'no-store' : (request.routeOptions.config?.cache ?? 'no-store');
      reply.header('Cache-Control', cacheControl[policy]);
    }
  });
});
