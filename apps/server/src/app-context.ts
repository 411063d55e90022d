import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Metrics } from './lib/metrics.ts';
import type { WorkGate } from './lib/work-gate.ts';
import type { LoginThrottle } from './modules/auth/login-throttle.ts';
import type { SessionCache } from './modules/auth/session-cache.ts';
import type { createSignedLinks } from './modules/auth/signed-links.ts';
import type { AccessTokens } from './modules/auth/tokens.ts';
import type { JobQueue } from './modules/jobs/job-queue.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { Broadcaster } from './modules/realtime/broadcaster.ts';

/** What services need, built once in buildApp and handed to every module. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  jobs: JobQueue;
  accessTokens: AccessTokens;
  loginThrottle: LoginThrottle;
  /** The password checks of logins, a few at a time; closed when the process drains (503 to those waiting). */
  logins: WorkGate;
  links: ReturnType<typeof createSignedLinks>;
  broadcaster: Broadcaster;
  /** Prometheus counters and gauges (issue 19): count what happened, never who or what was said. */
  metrics: Metrics;
  /** The members of live sessions looked up lately on this node (docs/scaling.md); none in some tests. */
  sessionCache?: SessionCache;
}
