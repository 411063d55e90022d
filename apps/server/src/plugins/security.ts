import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { routedPath } from '../lib/routed-path.ts';

/** Routes that answer the same to every visitor and carry an ETag (issue 15). */
const PUBLIC_CONTENT_ROUTES = new Set(['/api/content/:slug', '/api/faq']);

/** Strict CSP (no inline script), HSTS, nosniff, frame-ancestors none; no-store on the API. */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { realtime } = opts.config;
  const connectSrc = ["'self'", 'ws:', 'wss:'];
  if (realtime.host) connectSrc.push(`${realtime.scheme ?? 'https'}://${realtime.host}`);
  // Statistics hits (sent only after consent) go to the configured Matomo and nowhere else.
  if (opts.config.analyticsUrl) connectSrc.push(new URL(opts.config.analyticsUrl).origin);
  await app.register(helmet, {
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
    // Public texts the same for everyone: a cache may keep them but asks again (ETag → 304).
    // An answer under a content-addressed path (avatars) may say `immutable` itself; all else is no-store.
    const immutable = String(reply.getHeader('Cache-Control') ?? '').includes('immutable');
    if (PUBLIC_CONTENT_ROUTES.has(path)) reply.header('Cache-Control', 'no-cache');
    else if (
      (path.startsWith('/api/') || path.startsWith('/pusher/') || path.startsWith('/apps/')) &&
      !immutable
    ) {
      reply.header('Cache-Control', 'no-store');
    }
  });
});
