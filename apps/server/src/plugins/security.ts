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

/**
 * Where the browser may open its WebSocket: the realtime host the web app connects to and nothing else.
 * Without PUSHER_HOST that is the app's own origin (pusher-js takes the page's host and port): `'self'`
 * covers it, and APP_URL's ws/wss origin is named too for browsers whose `'self'` does not match
 * WebSockets yet. With PUSHER_HOST, that host (and port); without PUSHER_SCHEME the page's protocol
 * decides, so both ws and wss of it.
 */
export function realtimeSocketOrigins(config: Pick<Config, 'appUrl' | 'realtime'>): string[] {
  const { host, port, scheme } = config.realtime;
  if (!host) {
    const app = new URL(config.appUrl);
    return [`${app.protocol === 'https:' ? 'wss' : 'ws'}://${app.host}`];
  }
  const at = port ? `${host}:${port}` : host;
  if (scheme === 'https') return [`wss://${at}`];
  if (scheme === 'http') return [`ws://${at}`];
  return [`wss://${at}`, `ws://${at}`];
}

/**
 * Strict CSP (no inline script or style, WebSockets only to the app's realtime host), HSTS, nosniff,
 * frame-ancestors none; no-store on the API.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { realtime } = opts.config;
  const connectSrc = ["'self'", ...realtimeSocketOrigins(opts.config)];
  if (realtime.host) connectSrc.push(`${realtime.scheme ?? 'https'}://${realtime.host}`);
  // Statistics hits (sent only after consent) go to the configured Matomo and nowhere else.
  if (opts.config.analyticsUrl) connectSrc.push(new URL(opts.config.analyticsUrl).origin);
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
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
