import { createHash, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { bearerToken } from '../auth/tokens.ts';
import { backupToken } from './backup-token.ts';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * PGlite belongs to the running process, so `npm run backup` asks it for the dump here: only over a
 * loopback connection (the socket's own address, never X-Forwarded-For) and with the token derived from
 * APP_KEY; anything else is a plain 404 (docs/decisions/013-backups.md).
 */
export async function backupRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const expected = digest(backupToken(ctx.config));
  app.post('/internal/backup/pglite', { schema: { hide: true } }, async (request, reply) => {
    const given = bearerToken(request.headers.authorization);
    const allowed =
      loopback.has(request.socket.remoteAddress ?? '') &&
      given !== null &&
      timingSafeEqual(digest(given), expected) &&
      ctx.database.dumpDataDir;
    if (!allowed) throw new AppError('not_found');
    const dump = await ctx.database.dumpDataDir!();
    request.log.info({ bytes: dump.size }, 'database dump handed to the backup command');
    return reply
      .header('content-type', 'application/octet-stream')
      .header('cache-control', 'no-store')
      .send(Readable.fromWeb(dump.stream() as WebReadableStream));
  });
}
