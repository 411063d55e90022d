import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { RealtimeServer } from '@trostnetz/realtime/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../lib/app-error.ts';
import type { Metrics } from '../lib/metrics.ts';
import { bearerToken } from '../modules/auth/tokens.ts';
import type { JobName } from '../modules/jobs/job-table.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Request metrics for every route (by its pattern), the realtime and job-queue gauges, and `GET /metrics`
 * on the main port: only when METRICS_TOKEN is set, and only with it as a bearer token (issue 19).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { ctx: AppContext; realtime: RealtimeServer | null }) => {
    const { metrics, config, jobs } = opts.ctx;
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      metrics.httpResponses.inc({ status_class: `${Math.floor(reply.statusCode / 100)}xx` });
    });

    const realtime = opts.realtime;
    metrics.gauge(
      'trostnetz_realtime_connections',
      'Open realtime (WebSocket) connections on this process',
      [],
      (g) => {
        g.set(realtime?.stats().connections ?? 0);
      },
    );
    metrics.gauge(
      'trostnetz_realtime_channels',
      'Realtime channels with at least one subscriber on this process',
      [],
      (g) => {
        g.set(realtime?.stats().channels ?? 0);
      },
    );
    metrics.gauge(
      'trostnetz_job_queue_depth',
      'Jobs waiting to run (new or waiting for a retry), by job',
      ['job'],
      async (g) => {
        for (const def of jobs.definitions) g.set({ job: def.name }, await jobs.pending(def.name as JobName));
      },
    );

    const token = config.metrics.token;
    if (!token) return; // not served on the main port at all
    const expected = digest(token);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = bearerToken(request.headers.authorization);
      if (!given || !timingSafeEqual(digest(given), expected)) throw new AppError('unauthenticated');
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics());
    });
  },
);

/** METRICS_PORT: /metrics without a token on 127.0.0.1 only (for a scraper on the same machine). */
export function serveMetricsLocally(metrics: Metrics, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
