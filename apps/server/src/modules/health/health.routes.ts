import { ANALYTICS_SITE_ID, publicConfig } from '@trostnetz/contracts/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';

export async function healthRoutes(
  app: FastifyInstance,
  { ctx, checks }: { ctx: AppContext; checks: Array<() => Promise<void>> },
) {
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

  const { realtime, appName, onboardingUrl, analyticsUrl } = ctx.config;
  r.get('/api/config', { schema: { tags: ['config'], response: { 200: publicConfig } } }, async () => ({
    app_name: appName,
    onboarding_url: onboardingUrl,
    pusher: {
      key: realtime.key,
      cluster: realtime.cluster,
      host: realtime.host,
      port: realtime.port,
      scheme: realtime.scheme,
    },
    analytics: analyticsUrl ? { url: analyticsUrl, site_id: ANALYTICS_SITE_ID } : null,
  }));
}
