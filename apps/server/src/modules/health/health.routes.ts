import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export async function healthRoutes(app: FastifyInstance, { checks }: { checks: Array<() => Promise<void>> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/health', { schema: { tags: ['ops'], hide: true } }, async () => ({ status: 'ok' }));

  r.get('/ready', { schema: { tags: ['ops'], hide: true } }, async (request, reply) => {
    try {
      await Promise.all(checks.map((c) => c()));
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err }, 'not ready');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
