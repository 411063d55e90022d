import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { decodedPath } from '../lib/routed-path.ts';

/** Never answered with the web app: the API, realtime and ops paths, and built files that do not exist
 * (a missing chunk must fail as a 404, not load HTML in place of JavaScript). */
const notSpaPrefixes = ['/api/', '/pusher/', '/apps/', '/app/', '/health', '/ready', '/assets/'];

/**
 * Serves the built web app at `/` and its files; every other GET gets index.html (client-side routes).
 * The build writes .br and .gz beside each text asset: those are sent as they are to browsers that
 * accept them, nothing is compressed per request. Source maps are never served, even if a build left
 * one in the folder.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const hasSpa = existsSync(path.join(opts.webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      // Looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      index: 'index.html',
      preCompressed: true,
      allowedPath: (pathname) => !pathname.endsWith('.map'),
      // Cache-Control comes from setHeaders alone (the plugin's own would replace it with max-age=0).
      cacheControl: false,
      setHeaders(res, file) {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Plain or precompressed by the browser's Accept-Encoding: caches must keep them apart.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = decodedPath(request.url);
    const notSpa = notSpaPrefixes.some((p) => path.startsWith(p));
    if (hasSpa && request.method === 'GET' && !notSpa) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    throw new AppError('not_found');
  });
});
