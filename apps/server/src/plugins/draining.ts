import { errorCatalogue } from '@trostnetz/contracts/errors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    draining: Draining;
  }
}

export interface Draining {
  readonly active: boolean;
  /** From now on new requests get 503 (with /ready), answers close their connection. */
  start(): void;
  /** Resolves once no request has arrived for `quietMs`, or after `maxMs` at the latest. */
  quiet(quietMs: number, maxMs: number): Promise<void>;
}

const RETRY_AFTER_SEC = 5;

/**
 * Graceful shutdown without resets: while the process drains it keeps accepting connections, answers
 * new requests with 503 + Retry-After + Connection: close (the load balancer sends them elsewhere), and
 * lets requests in flight finish on connections that close behind them.
 */
export const drainingPlugin = fp(async (app: FastifyInstance) => {
  let active = false;
  let lastArrival = 0;
  const draining: Draining = {
    get active() {
      return active;
    },
    start() {
      active = true;
      lastArrival = Date.now();
    },
    async quiet(quietMs, maxMs) {
      const deadline = Date.now() + maxMs;
      while (Date.now() < deadline && Date.now() - lastArrival < quietMs) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(50, quietMs)));
      }
    },
  };
  app.decorate('draining', draining);

  app.addHook('onRequest', async (request, reply) => {
    if (!active) return;
    lastArrival = Date.now();
    const entry = errorCatalogue.unavailable;
    return reply
      .status(entry.status)
      .headers({ 'retry-after': String(RETRY_AFTER_SEC), connection: 'close' })
      .send({ message: entry[request.locale], code: 'unavailable' });
  });
  // Answers to requests that were in flight when draining began close their (keep-alive) connection too.
  app.addHook('onSend', async (_request, reply) => {
    if (active) reply.header('connection', 'close');
  });
});
