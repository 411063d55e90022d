import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export interface ReadinessCheck {
  /** Named in the 503 body: database, redis, jobs. */
  name: string;
  check: () => Promise<void>;
}

/** Each check gets this long; /ready answers within a second even when a dependency hangs. */
const CHECK_TIMEOUT_MS = 800;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function healthRoutes(app: FastifyInstance, { checks }: { checks: ReadinessCheck[] }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/health', { schema: { tags: ['ops'], hide: true } }, async () => ({ status: 'ok' }));

  // While draining, the draining plugin answers 503 before this handler runs.
  r.get('/ready', { schema: { tags: ['ops'], hide: true } }, async (request, reply) => {
    const results = await Promise.all(
      checks.map(({ name, check }) =>
        within(CHECK_TIMEOUT_MS, check()).then(
          () => null,
          (err: unknown) => {
            request.log.warn({ err, check: name }, 'not ready');
            return name;
          },
        ),
      ),
    );
    const failed = results.filter((n): n is string => n !== null);
    if (failed.length === 0) return { status: 'ready' };
    return reply.status(503).header('cache-control', 'no-store').send({ status: 'unavailable', failed });
  });
}
