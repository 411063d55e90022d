import type { Writable } from 'node:stream';
import { allEndpoints } from '@trostnetz/contracts/endpoints';
import { createInProcessAdapter } from '@trostnetz/realtime/adapters/in-process-adapter';
import { createRealtimeServer, type RealtimeServer } from '@trostnetz/realtime/server';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import type { AppContext } from './app-context.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { AppError } from './lib/app-error.ts';
import { onlyTableRoutes } from './lib/endpoint-route.ts';
import { serializeError, serializeRequest } from './lib/log-redaction.ts';
import { createMetrics } from './lib/metrics.ts';
import { OneLinePerRequest } from './lib/request-log.ts';
import { createWorkGate } from './lib/work-gate.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { appConfigRoutes } from './modules/app-config/app-config.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.ts';
import { createSessionCache } from './modules/auth/session-cache.ts';
import { createSignedLinks } from './modules/auth/signed-links.ts';
import { createAccessTokens } from './modules/auth/tokens.ts';
import { backupRoutes } from './modules/backup/backup.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { chatMuteRoutes } from './modules/chat/chat-mutes.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { seedContent } from './modules/content/content.seed.ts';
import { customerServiceRoutes } from './modules/customer-service/customer-service.routes.ts';
import { groupsRoutes } from './modules/groups/groups.routes.ts';
import { seedGroups } from './modules/groups/groups.seed.ts';
import { healthRoutes, type ReadinessCheck } from './modules/health/health.routes.ts';
import { openJobQueue } from './modules/jobs/job-queue.ts';
import { jobTable } from './modules/jobs/job-table.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { matchingRoutes } from './modules/matching/matching.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { partnersRoutes } from './modules/partners/partners.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { seedPlans } from './modules/payments/payments.service.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { questionnaireRoutes } from './modules/questionnaire/questionnaire.routes.ts';
import { seedQuestionnaire } from './modules/questionnaire/questionnaire.service.ts';
import { createBroadcaster } from './modules/realtime/broadcaster.ts';
import { allowClientEvent } from './modules/realtime/channel-kinds.ts';
import { realtimeRoutes } from './modules/realtime/realtime.plugin.ts';
import { safetyRoutes } from './modules/safety/safety.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { watchlistRoutes } from './modules/watchlist/watchlist.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { drainingPlugin } from './plugins/draining.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { localePlugin } from './plugins/locale.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { spaPlugin } from './plugins/spa.ts';
import { seedRoles } from './policies/roles.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    realtime: RealtimeServer | null;
  }
}

/**
 * JSON lines on standard output, written in batches of 4 KB or at least once a second instead of one
 * write per line (at a few thousand requests a second the writes were a visible share of the CPU, issue
 * 18). Whatever is waiting is written when the process exits; a process killed outright (SIGKILL) loses
 * at most that second of lines. One destination per process, however many apps it builds.
 */
let stdoutLines: ReturnType<typeof pino.destination> | undefined;
const jsonLines = () => {
  stdoutLines ??= pino.destination({ dest: 1, minLength: 4096, periodicFlush: 1000 });
  return stdoutLines;
};

/** Builds the whole app without listening; server.ts and the tests share it (tests may capture the log). */
export async function buildApp(
  config: Config,
  opts: { logStream?: Writable; database?: Database } = {},
): Promise<FastifyInstance> {
  // Readable lines on a terminal (synchronous, no worker thread), JSON for log collectors; loaded only when used.
  const prettyStream =
    !opts.logStream && config.logFormat === 'pretty'
      ? (await import('pino-pretty')).default({
          translateTime: 'HH:MM:ss',
          ignore: 'pid,hostname',
          sync: true,
        })
      : undefined;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Never tokens or message bodies (DESIGN.md §8): the route pattern and a redacted address,
            // no headers, no query parameters of a failed query.
            serializers: { req: serializeRequest, err: serializeError },
            stream: opts.logStream ?? prettyStream ?? jsonLines(),
          },
    logController: new OneLinePerRequest(),
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    // The draining plugin answers every request once a shutdown begins (before close), with the catalogue's 503.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.removeContentTypeParser('text/plain'); // the API speaks JSON only: anything else is a clear 415

  const database = opts.database ?? openDatabase(config.databaseUrl, config.dataDir);
  await database.migrate();
  await seedQuestionnaire(database.db);
  await seedRoles(database.db);
  await seedContent(database.db);
  await seedGroups(database.db);
  await seedPlans(database.db);
  // Redis and its client load only when configured (the embedded default starts without them). Commands
  // issued in the same turn of the event loop (the rate limits of requests arriving together) go out
  // as one write: one round trip instead of one each (issue 18).
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        lazyConnect: false,
        maxRetriesPerRequest: 2,
        enableAutoPipelining: true,
      })
    : null;

  const embedded =
    config.realtime.driver === 'embedded'
      ? createRealtimeServer({
          app: { id: config.realtime.appId, key: config.realtime.key, secret: config.realtime.secret },
          adapter: config.redisUrl
            ? (await import('@trostnetz/realtime/adapters/redis-adapter')).createRedisAdapter(
                config.redisUrl,
                {
                  prefix: `${config.redisPrefix}:rt`,
                },
              )
            : createInProcessAdapter(),
          logger: app.log,
          allowClientEvent,
          limits: {
            maxConnectionsPerAddress: config.realtime.maxConnectionsPerAddress,
            activityTimeoutSec: config.realtime.activityTimeoutSec,
            // A socket that listens to nothing within the activity timeout gives its place back.
            subscribeTimeoutSec: config.realtime.activityTimeoutSec,
          },
          // The address the rate limits count too: behind a trusted proxy the first of X-Forwarded-For.
          clientAddress: (req) => {
            const forwarded = req.headers['x-forwarded-for'];
            const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
            return (config.trustProxy && first) || req.socket.remoteAddress || '';
          },
        })
      : null;
  if (embedded) {
    app.server.on('upgrade', (req, socket, head) => {
      if (!embedded.handleUpgrade(req, socket, head)) socket.destroy();
    });
  }

  // Queues and schedules are set up here; workers start only when server.ts (or a test) says so.
  const metrics = createMetrics();
  const jobs = await openJobQueue({ database, table: jobTable, log: app.log, context: () => ctx, metrics });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    jobs,
    mailer: createMailer(config, app.log, jobs, metrics),
    accessTokens: createAccessTokens(config),
    loginThrottle: createLoginThrottle(config, redis),
    logins: createWorkGate(config.loginConcurrency, () => new AppError('unavailable')),
    links: createSignedLinks(config),
    broadcaster: createBroadcaster(config, embedded, app.log),
    metrics,
    sessionCache: createSessionCache({
      memberWrites: database.memberWrites,
      redis,
      prefix: config.redisPrefix,
      shared: database.kind === 'postgres',
    }),
  };
  app.decorate('ctx', ctx);
  app.decorate('realtime', embedded);

  await app.register(localePlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(drainingPlugin);
  // From the first moment of a shutdown, logins still waiting for their password check answer 503.
  app.draining.onStart(() => ctx.logins.close());
  await app.register(compressionPlugin);
  await app.register(rateLimitPlugin, { redis, prefix: config.redisPrefix });
  await app.register(openapiPlugin, { appName: config.appName });
  await app.register(authPlugin, { ctx });

  await app.register(metricsPlugin, { ctx, realtime: embedded });
  // /ready names the dependency that failed (issue 19).
  const checks: ReadinessCheck[] = [
    { name: 'database', check: () => database.ping() },
    ...(redis ? [{ name: 'redis', check: async () => void (await redis.ping()) }] : []),
    { name: 'jobs', check: () => jobs.ping() },
  ];
  // From here on, every API route's method and path come from the tables in packages/contracts.
  onlyTableRoutes(app, allEndpoints);
  await app.register(healthRoutes, { checks });
  await app.register(appConfigRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(usersRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(accountRoutes, { ctx });
  await app.register(questionnaireRoutes, { ctx });
  await app.register(matchingRoutes, { ctx });
  await app.register(partnersRoutes, { ctx });
  await app.register(watchlistRoutes, { ctx });
  await app.register(safetyRoutes, { ctx });
  await app.register(settingsRoutes, { ctx });
  await app.register(chatRoutes, { ctx });
  await app.register(chatMuteRoutes, { ctx });
  await app.register(groupsRoutes, { ctx });
  await app.register(notificationsRoutes, { ctx });
  await app.register(contentRoutes, { ctx });
  await app.register(customerServiceRoutes, { ctx });
  await app.register(paymentsRoutes, { ctx });
  await app.register(realtimeRoutes, { ctx, embedded });
  await app.register(backupRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  await app.register(spaPlugin, { webDist: config.webDist });

  // Upgraded sockets keep the HTTP server open: close them (4200, reconnect elsewhere) before it closes.
  app.addHook('preClose', async () => {
    await embedded?.close();
  });
  app.addHook('onClose', async () => {
    await ctx.mailer.idle();
    await jobs.stop();
    await ctx.sessionCache?.close();
    await database.close();
    redis?.disconnect();
  });
  return app;
}
