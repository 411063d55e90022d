import type { FastifyInstance } from 'fastify';
import { within } from '../lib/in-flight.ts';

/**
 * A graceful stop within `budgetMs` (SHUTDOWN_BUDGET_SECONDS): from the first moment new requests
 * answer 503 (and logins still waiting for their password check); live sockets close with 4200; once
 * requests stop arriving for a while, the server stops listening after the last answer is out. A request
 * still without an answer shortly before the budget ends is answered 503, so no client sees its
 * connection reset. Resolves with the exit code.
 */
export async function shutDownGracefully(
  app: FastifyInstance,
  budgetMs: number,
  onDraining: () => void = () => {},
): Promise<number> {
  const started = Date.now();
  const left = () => budgetMs - (Date.now() - started);
  app.draining.start();
  onDraining();
  // Quiet for a second (a tenth of the budget when that is shorter, a quarter second at least), half
  // the budget at most.
  const quietMs = Math.min(1_000, Math.max(250, budgetMs / 10));
  await Promise.all([app.realtime?.close(), app.draining.quiet(quietMs, budgetMs / 2)]);
  const closed = app.close();
  // What is still running gets until 80 % of the budget; then the 503, and the rest to send it.
  if (!(await within(Math.max(0, left() - budgetMs * 0.2), closed))) {
    app.log.warn({ open: app.draining.open }, 'shutdown: answering requests still open with 503');
    app.draining.answerOpenRequests();
    if (!(await within(Math.max(0, left() - budgetMs * 0.05), closed))) return 1;
  }
  await closed;
  return 0;
}
