import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

const apiPrefixes = ['/api/', '/pusher/', '/apps/', '/app/', '/health', '/ready'];

/** Serves the built web app; every other GET that wants HTML gets index.html (client-side routes). */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const hasSpa = existsSync(path.join(opts.webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      // Looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      index: false,
      setHeaders(res, file) {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = apiPrefixes.some((p) => request.url.startsWith(p));
    if (hasSpa && request.method === 'GET' && !isApi) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    throw new AppError('not_found');
  });
});
