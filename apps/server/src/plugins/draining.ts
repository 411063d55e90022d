import { errorCatalogue } from '@trostnetz/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  /** Called once when draining starts (work waiting its turn is refused then). */
  onStart(listener: () => void): void;
  /** How many requests have arrived and have no answer yet. */
  readonly open: number;
  /** The last resort before the budget ends: every request still without an answer gets the 503. */
  answerOpenRequests(): void;
}

const RETRY_AFTER_SEC = 5;

/**
 * Graceful shutdown without resets: while the process drains it keeps accepting connections, answers
 * new requests with 503 + Retry-After + Connection: close (the load balancer sends them elsewhere), and
 * lets requests in flight finish on connections that close behind them. Work waiting its turn (logins
 * behind the password gate) is refused with the same 503 when draining starts; what is still without an
 * answer shortly before the budget ends gets it too (answerOpenRequests), so no client sees a reset.
 */
export const drainingPlugin = fp(async (app: FastifyInstance) => {
  let active = false;
  let lastArrival = 0;
  const listeners: Array<() => void> = [];
  const unanswered = new Map<FastifyRequest, FastifyReply>();
  const refuse = (request: FastifyRequest, reply: FastifyReply) => {
    const entry = errorCatalogue.unavailable;
    return reply
      .status(entry.status)
      .headers({ 'retry-after': String(RETRY_AFTER_SEC), connection: 'close' })
      .send({ message: entry[request.locale], code: 'unavailable' });
  };
  const draining: Draining = {
    get active() {
      return active;
    },
    start() {
      if (active) return;
      active = true;
      lastArrival = Date.now();
      for (const listener of listeners) listener();
    },
    onStart(listener) {
      listeners.push(listener);
    },
    get open() {
      return unanswered.size;
    },
    answerOpenRequests() {
      for (const [request, reply] of [...unanswered]) {
        unanswered.delete(request);
        if (!reply.sent && !reply.raw.headersSent && !request.raw.socket?.destroyed) refuse(request, reply);
      }
    },
    async quiet(quietMs, maxMs) {
      const deadline = Date.now() + maxMs;
      while (Date.now() < deadline && Date.now() - lastArrival < quietMs) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(50, quietMs)));
      }
    },
  };
  app.decorate('draining', draining);
  // A connection accepted but not yet read counts as an arrival: its request is on its way.
  app.server.on('connection', () => {
    if (active) lastArrival = Date.now();
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!active) {
      unanswered.set(request, reply);
      return;
    }
    lastArrival = Date.now();
    return refuse(request, reply);
  });
  app.addHook('onResponse', async (request) => {
    unanswered.delete(request);
  });
  app.addHook('onRequestAbort', async (request) => {
    unanswered.delete(request);
  });
  // Answers to requests that were in flight when draining began close their (keep-alive) connection too.
  app.addHook('onSend', async (_request, reply) => {
    if (active) reply.header('connection', 'close');
  });
});
