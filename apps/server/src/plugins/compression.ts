import { constants } from 'node:zlib';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const apiCompression = {
  threshold: 1024,
  encodings: ['br', 'gzip'],
  // Fast settings for answers made per request (static files get the best, once, at build time).
  brotliOptions: {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 4,
    },
  },
  zlibOptions: { level: 6 },
} satisfies FastifyCompressOptions;

/** JSON answers under /api; not the API page's scripts and styles under /api/docs (served as files). */
const answersJson = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * API answers of 1 KB or more go out compressed (brotli or gzip, as the browser accepts). Only the
 * JSON answers under /api: the built web app is compressed at build time (spa.ts serves those
 * files), and the realtime endpoints (/app upgrade, /pusher/auth, the Pusher HTTP API under /apps)
 * stay untouched.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // Runs before @fastify/compress's own onRoute hook, which reads `compress` per route. A route's
  // options replace the plugin's rather than merging with them, so each gets the full set.
  app.addHook('onRoute', (route) => {
    if (answersJson(route.url) && route.compress === undefined && route.config?.compress === undefined) {
      route.compress = apiCompression;
    }
  });
  await app.register(fastifyCompress, { global: false, ...apiCompression });
});
