import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { acquireDataLock } from './lib/data-lock.ts';

// The only file with side effects: read config, listen, shut down gracefully on SIGTERM/SIGINT.
async function main() {
  const config = loadConfig();
  const releaseLock = config.databaseUrl ? () => {} : acquireDataLock(config.dataDir, 'server');
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  // The one address that works: mailed links use it, and another host name is another origin.
  app.log.info(
    { url: config.appUrl, database: app.ctx.database.kind, realtime: config.realtime.driver },
    `${config.appName} is ready. Members open ${config.appUrl} (APP_URL): links in e-mails point there, and another address (such as 127.0.0.1 for localhost) is another origin where they are signed out.`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app
      .close()
      .then(() => {
        releaseLock();
        process.exit(0);
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
