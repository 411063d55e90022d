import path from 'node:path';
import type { Config } from '../config.ts';

/** Host, port and path of a service address, without user or password. */
function withoutCredentials(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
}

/** What the startup line tells an operator (issue 19): URL, database, realtime, mail, payments mode. */
export function startupSummary(config: Config, databaseKind: 'pglite' | 'postgres') {
  return {
    url: config.appUrl,
    // Said once at start, because opening the app at 127.0.0.1 instead of localhost looks like a lost session.
    url_note:
      'APP_URL: links in e-mails point there; another address (such as 127.0.0.1 for localhost) is another origin, where members are signed out',
    database:
      databaseKind === 'pglite'
        ? `PGlite in ${path.join(config.dataDir, 'pglite')}`
        : `PostgreSQL ${withoutCredentials(config.databaseUrl!)}`,
    realtime:
      config.realtime.driver === 'embedded'
        ? `embedded${config.redisUrl ? `, fan-out through Redis ${withoutCredentials(config.redisUrl)}` : ', one process'}`
        : `hosted Pusher protocol${config.realtime.host ? ` at ${config.realtime.host}` : ''}`,
    mail: config.smtpUrl
      ? `SMTP ${withoutCredentials(config.smtpUrl)}`
      : `outbox ${path.join(config.dataDir, 'outbox')}`,
    payments:
      config.paymentsMode === 'test provider' && config.env === 'production'
        ? 'test provider in production (PAYMENTS_TEST_PROVIDER=true): checkouts succeed without charging anything'
        : config.paymentsMode,
    ...(config.metrics.port ? { metrics: `http://127.0.0.1:${config.metrics.port}/metrics` } : {}),
  };
}
