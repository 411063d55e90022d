import { appConfigApi } from '@trostnetz/contracts/config.endpoints';
import { ANALYTICS_SITE_ID, publicConfig } from '@trostnetz/contracts/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { at } from '../../lib/endpoint-route.ts';

/** GET /api/config: what the web app needs to know at start (product name, realtime endpoint, statistics). */
export async function appConfigRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { realtime, appName, onboardingUrl, analyticsUrl } = ctx.config;
  r.route({
    ...at(appConfigApi.get),
    schema: { tags: ['config'], response: { 200: publicConfig } },
    handler: async () => ({
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
    }),
  });
}
