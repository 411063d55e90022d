import { assertServerConfig, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { acquireDataLock } from './lib/data-lock.ts';
import { startupSummary } from './lib/startup-summary.ts';
import { shutDownGracefully } from './lifecycle/shutdown.ts';
import { serveMetricsLocally } from './plugins/metrics.ts';

// The only file with side effects: read config, listen, run background jobs, shut down gracefully on SIGTERM/SIGINT.
async function main() {
  const config = loadConfig();
  assertServerConfig(config);
  const releaseLock = config.databaseUrl ? () => {} : acquireDataLock(config.dataDir, 'server');
  // The embedded database starts first: its WebAssembly compiles on background threads while the app's
  // modules load (a restart reaches /health sooner; issue 19).
  const database = openDatabase(config.databaseUrl, config.dataDir);
  const { buildApp } = await import('./app.ts');
  const app = await buildApp(config, { database });
  await app.listen({ port: config.port, host: config.host });
  await app.ctx.jobs.start();
  const localMetrics = config.metrics.port
    ? await serveMetricsLocally(app.ctx.metrics, config.metrics.port)
    : null;
  if (config.env === 'production' && config.paymentsMode === 'test provider') {
    app.log.warn(
      'PAYMENTS_TEST_PROVIDER=true: the built-in test provider runs in production; checkouts succeed without charging anything. Set STRIPE_SECRET_KEY for real payments.',
    );
  }
  // One short block: where members open it, and what it runs on. Never a password from a URL.
  app.log.info(
    // started_in_ms: from process start until the app listens and its queue runs (issue 19: restarts in ≤ 3 s).
    { ...startupSummary(config, app.ctx.database.kind), started_in_ms: Math.round(performance.now()) },
    `${config.appName} is ready: open ${config.appUrl}`,
  );

  // Within the budget (SHUTDOWN_BUDGET_SECONDS, 10 s by default): drain (503 to newcomers and to logins
  // still waiting, /ready 503, live sockets closed with 4200), let requests in flight finish or answer
  // them 503 shortly before the budget ends, then stop listening once the last answer is out.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining, finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error(`shutdown took longer than ${config.shutdownBudgetMs / 1000} s, exiting`);
      process.exit(1);
    }, config.shutdownBudgetMs);
    force.unref();
    shutDownGracefully(app, config.shutdownBudgetMs, () => localMetrics?.close())
      .then((code) => {
        releaseLock();
        process.exit(code);
      })
      .catch((err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
