import { existsSync } from 'node:fs';
import path, { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { decodedPath } from '../lib/routed-path.ts';

/** Never answered with the web app: the API, realtime and ops paths, and built files that do not exist
 * (a missing chunk must fail as a 404, not load HTML in place of JavaScript). */
const notSpaPrefixes = ['/api/', '/pusher/', '/apps/', '/app/', '/health', '/ready', '/assets/'];

/**
 * Serves the built web app at `/` and its files; every other GET gets index.html (client-side routes), a
 * guest page rendered at build time its own.
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
      // A guest page rendered at build time (apps/web/build/prerender.mjs) is its own index.html, with the
      // page's markup already in it; looked up per request like the rest.
      const page = /^\/[a-z-]{1,40}$/.test(path) ? `prerendered/${path.slice(1)}.html` : null;
      const file = page && existsSync(join(opts.webDist, page)) ? page : 'index.html';
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile(file);
    }
    throw new AppError('not_found');
  });
});
