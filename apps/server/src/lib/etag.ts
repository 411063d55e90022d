import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers `payload` with a strong ETag of its JSON, or 304 without a body when the client already holds
 * it (If-None-Match, a list or `*` too). The same text gives the same tag on every node.
 */
export function withEtag<T>(request: FastifyRequest, reply: FastifyReply, payload: T): T | FastifyReply {
  const etag = `"${createHash('sha256').update(JSON.stringify(payload)).digest('base64url').slice(0, 27)}"`;
  reply.header('ETag', etag);
  const asked = request.headers['if-none-match'];
  if (asked) {
    const tags = asked.split(',').map((s) => s.trim().replace(/^W\//, ''));
    if (tags.includes(etag) || tags.includes('*')) return reply.code(304).send();
  }
  return payload;
}
