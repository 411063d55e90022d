import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type WebPush from 'web-push';
import { z } from 'zod';
import { serverRoot } from './lib/paths.ts';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback only unless the operator opens it (HOST=0.0.0.0 in a container or behind a proxy on another host):
  // a development start on a laptop is not reachable from the café's network.
  HOST: z.string().min(1).default('localhost'),
  APP_NAME: z.string().min(1).default('Trostnetz'),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/)
    .default('trostnetz'),
  SMTP_URL: optionalUrl,
  /** Base address of a Matomo instance for statistics (SPEC.md §7); unset means no tracking at all. */
  ANALYTICS_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  MAIL_FROM: z.string().default('Trostnetz <no-reply@trostnetz.local>'),
  JWT_SECRET: z.string().min(32).optional(),
  APP_KEY: z.string().min(32).optional(),
  ONBOARDING_URL: z.string().default('/onboarding'),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: readable lines on a terminal, JSON otherwise (issue 19). */
  LOG_FORMAT: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['pretty', 'json']).optional()),
  /** /metrics on the main port only with this bearer token; not served there at all without it. */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
  /** Also serve /metrics (without a token) on this port, bound to 127.0.0.1 only. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Encrypts backups (`npm run backup`); without it a backup is refused unless --unencrypted is given. */
  BACKUP_PASSPHRASE: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(12).optional()),
  WEB_DIST: optionalString,
  RATE_LIMIT_FACTOR: z.coerce.number().positive().max(1000).default(1),
  REALTIME_DRIVER: z.enum(['embedded', 'pusher']).default('embedded'),
  PUSHER_APP_ID: optionalString,
  PUSHER_APP_KEY: optionalString,
  PUSHER_APP_SECRET: optionalString,
  PUSHER_HOST: optionalString,
  PUSHER_PORT: z.coerce.number().int().positive().optional(),
  PUSHER_SCHEME: z.enum(['http', 'https']).optional(),
  PUSHER_APP_CLUSTER: z.string().default('eu'),
  /**
   * Embedded realtime server: live connections from one client address (a household or an office behind
   * one address has several members, each with a few tabs); more are refused with 4100 "Over capacity".
   */
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Seconds of silence before a ping; a socket that subscribes to nothing this long is closed. */
  REALTIME_ACTIVITY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Where customer-service requests are sent (issue 15). */
  SUPPORT_EMAIL: z.email().default('hilfe@trostnetz.example'),
  /** The operator's details in the imprint (issue 15); empty lines are left out. */
  OPERATOR_NAME: z.string().min(1).default('Trostnetz (Demo-Betreiber)'),
  OPERATOR_ADDRESS: z.string().default(''),
  OPERATOR_EMAIL: z.email().default('kontakt@trostnetz.example'),
  OPERATOR_PHONE: z.string().default(''),
  OPERATOR_REPRESENTATIVE: z.string().default(''),
  OPERATOR_REGISTER: z.string().default(''),
  OPERATOR_VAT_ID: z.string().default(''),
  /** Stripe (issue 14): unset means the built-in test provider. */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** With NODE_ENV=production and no STRIPE_SECRET_KEY the server starts only when this says so. */
  PAYMENTS_TEST_PROVIDER: bool,
  /** Web push (issue 13): the VAPID key pair; generated once into DATA_DIR/secrets.json when not given. */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Who push services may contact about our pushes (a mailto: or https: address). */
  VAPID_SUBJECT: z.string().default('mailto:kontakt@trostnetz.example'),
  /**
   * Issue 13: a chat mail goes out only once the messages are unread and the member has been away
   * this long (whole seconds, 1 s to 1 day). 15 minutes by default; the browser journeys shorten it.
   */
  CHAT_MAIL_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(15 * 60),
  /**
   * How long a shutdown (SIGTERM) may take, in seconds: requests in flight finish or are answered 503
   * before it ends; then the process exits.
   */
  SHUTDOWN_BUDGET_SECONDS: z.coerce.number().min(0.5).max(120).default(10),
  /** Logins whose password check runs at the same time; more wait their turn. Default: one per CPU, at least 2. */
  LOGIN_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
});

export type Env = z.input<typeof envSchema>;

export interface RateLimitRule {
  max: number;
  timeWindow: number;
}

/** Per address: login, register, passwordReset, refresh, emailLink. Per verified member: the rest. */
export type RateLimitName =
  | 'login'
  | 'register'
  | 'passwordReset'
  | 'verifyResend'
  | 'refresh'
  | 'chatSend'
  | 'friendAction'
  | 'report'
  | 'sendPrompt'
  | 'groupPost'
  | 'groupComment'
  | 'profileRead'
  | 'hide'
  | 'passwordChange'
  | 'emailChange'
  | 'emailLink'
  | 'supportPerAddress'
  | 'supportPerEmail'
  | 'avatarUpload'
  | 'accountDelete'
  | 'dataExport'
  | 'declarationPerAddress'
  | 'declarationPerEmail'
  | 'checkout';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appName: string;
  appUrl: string;
  dataDir: string;
  /** null = PGlite in DATA_DIR/pglite; 'memory://' = in-memory PGlite (tests). */
  databaseUrl: string | null;
  redisUrl: string | null;
  redisPrefix: string;
  smtpUrl: string | null;
  mailFrom: string;
  jwtSecret: string;
  appKey: string;
  onboardingUrl: string;
  /** Matomo base address ending in "/" (SPEC.md §7); null = no statistics. */
  analyticsUrl: string | null;
  corsOrigins: string[];
  trustProxy: boolean;
  logLevel: string;
  logFormat: 'pretty' | 'json';
  metrics: { token: string | null; port: number | null };
  paymentsMode: 'stripe' | 'test provider';
  /** PAYMENTS_TEST_PROVIDER=true: the operator allows the built-in test provider in production. */
  paymentsTestProviderAllowed: boolean;
  backupPassphrase: string | null;
  webDist: string;
  realtime: {
    driver: 'embedded' | 'pusher';
    appId: string;
    key: string;
    secret: string;
    host: string | null;
    port: number | null;
    scheme: 'http' | 'https' | null;
    cluster: string;
    /** Embedded server only, per node (not shared across nodes through Redis). */
    maxConnectionsPerAddress: number;
    activityTimeoutSec: number;
  };
  rateLimits: Record<RateLimitName, RateLimitRule>;
  /** Failed logins per account: after `max` in `timeWindow`, one attempt every `intervalMs` (slowed, not locked). */
  loginThrottle: RateLimitRule & { intervalMs: number };
  tokens: { accessTtlSec: number; refreshTtlSec: number; verifyLinkTtlSec: number; resetTtlSec: number };
  supportEmail: string;
  /** The operator's details the imprint shows (`{{operator.details}}`); "\n" in the address starts a line. */
  operator: {
    name: string;
    address: string;
    email: string;
    phone: string;
    representative: string;
    register: string;
    vatId: string;
  };
  /** At most one "someone signed up with your address" mail per owner in this interval. */
  addressNoticeIntervalSec: number;
  /**
   * Payments (issue 14): with `secretKey` the stripe SDK, otherwise the built-in test provider. `api`
   * points the SDK elsewhere (the tests' fake Stripe API).
   */
  stripe: {
    secretKey: string | null;
    webhookSecret: string;
    api?: { host: string; port: number; protocol: 'http' | 'https' };
  };
  /** Open friend requests at the same time, free and premium (issue 14; the premium policy applies them). */
  openRequestLimits: { free: number; premium: number };
  /** Web push: VAPID keys (base64url) and the contact address push services see. */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /**
   * Push endpoints may be on loopback: only the tests' stand-in push service is, so no setting turns it on;
   * every other address must be public (modules/notifications/push-endpoint.ts).
   */
  pushLoopbackAllowed: boolean;
  /** How long unread chat messages and the member's absence wait before a mail tells of them. */
  chatMailDelayMs: number;
  /** SHUTDOWN_BUDGET_SECONDS in ms. */
  shutdownBudgetMs: number;
  loginConcurrency: number;
}

export class ConfigError extends Error {}

/** RATE_LIMIT_FACTOR multiplies every allowance (e.g. behind a shared address, or for test journeys). */
function scaleLimits<K extends string>(
  factor: number,
  limits: Record<K, RateLimitRule>,
): Record<K, RateLimitRule> {
  return Object.fromEntries(
    Object.entries<RateLimitRule>(limits).map(([k, r]) => [k, { ...r, max: Math.ceil(r.max * factor) }]),
  ) as Record<K, RateLimitRule>;
}

/**
 * Secrets that must survive restarts are generated once and kept in DATA_DIR when not given. A secret
 * added in a later version (the Stripe webhook secret, the VAPID keys) is generated into an existing file
 * without changing the others. `persist: false` (restore) makes them up for this run only.
 */
function persistedSecrets(dataDir: string, persist: boolean): Record<string, string> {
  const file = path.join(dataDir, 'secrets.json');
  const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const wanted = [
    'jwtSecret',
    'appKey',
    'pusherAppId',
    'pusherKey',
    'pusherSecret',
    'stripeWebhookSecret',
    'vapidPublicKey',
    'vapidPrivateKey',
  ];
  if (wanted.every((k) => saved[k])) return saved;
  // Loaded only on the first start of a data directory (config is read synchronously).
  const webpush = createRequire(import.meta.url)('web-push') as typeof WebPush;
  const vapid = webpush.generateVAPIDKeys();
  const generated: Record<string, string> = {
    jwtSecret: randomBytes(48).toString('base64url'),
    appKey: randomBytes(48).toString('base64url'),
    pusherAppId: String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000)),
    pusherKey: randomBytes(10).toString('hex'),
    pusherSecret: randomBytes(10).toString('hex'),
    stripeWebhookSecret: `whsec_${randomBytes(24).toString('base64url')}`,
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
  };
  const secrets = { ...generated, ...saved };
  // The two VAPID halves belong together: both come from the same generation.
  if (!saved.vapidPublicKey || !saved.vapidPrivateKey) {
    secrets.vapidPublicKey = generated.vapidPublicKey!;
    secrets.vapidPrivateKey = generated.vapidPrivateKey!;
  }
  if (!persist) return secrets;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/**
 * The built-in test provider confirms every checkout without taking money: a production server without
 * STRIPE_SECRET_KEY would hand out premium for nothing. It refuses to start then, unless the operator
 * asks for the test provider in so many words (a demo, the browser journeys). Only the server checks
 * this: a backup or a new admin account must not depend on the payments set-up.
 */
export function assertServerConfig(config: Config): void {
  if (
    config.env === 'production' &&
    config.paymentsMode === 'test provider' &&
    !config.paymentsTestProviderAllowed
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  NODE_ENV=production needs STRIPE_SECRET_KEY: the built-in test provider confirms every payment without charging anything. Set PAYMENTS_TEST_PROVIDER=true to run it anyway (a demo or a test installation).',
    );
  }
}

/**
 * `persistSecrets: false` (restore): secrets left unset are made up for this run only, so an empty data
 * folder stays empty until the backup's own secrets.json is put there.
 */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  opts: { persistSecrets?: boolean } = {},
): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const needsSecrets =
    !e.JWT_SECRET ||
    !e.APP_KEY ||
    !e.PUSHER_APP_KEY ||
    !e.PUSHER_APP_SECRET ||
    !e.STRIPE_WEBHOOK_SECRET ||
    !e.VAPID_PUBLIC_KEY ||
    !e.VAPID_PRIVATE_KEY;
  const saved: Record<string, string> = needsSecrets
    ? persistedSecrets(dataDir, opts.persistSecrets ?? true)
    : {};
  if (e.REALTIME_DRIVER === 'pusher' && (!e.PUSHER_APP_KEY || !e.PUSHER_APP_SECRET || !e.PUSHER_APP_ID)) {
    throw new ConfigError(
      'Invalid configuration:\n  REALTIME_DRIVER=pusher needs PUSHER_APP_ID, PUSHER_APP_KEY and PUSHER_APP_SECRET',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appName: e.APP_NAME,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET ?? saved.jwtSecret!,
    appKey: e.APP_KEY ?? saved.appKey!,
    onboardingUrl: e.ONBOARDING_URL,
    analyticsUrl: e.ANALYTICS_URL ? e.ANALYTICS_URL.replace(/\/?$/, '/') : null,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null },
    paymentsMode: e.STRIPE_SECRET_KEY ? 'stripe' : 'test provider',
    paymentsTestProviderAllowed: e.PAYMENTS_TEST_PROVIDER,
    backupPassphrase: e.BACKUP_PASSPHRASE ?? null,
    webDist: path.resolve(e.WEB_DIST ?? path.join(serverRoot, '../web/dist')),
    realtime: {
      driver: e.REALTIME_DRIVER,
      appId: e.PUSHER_APP_ID ?? saved.pusherAppId!,
      key: e.PUSHER_APP_KEY ?? saved.pusherKey!,
      secret: e.PUSHER_APP_SECRET ?? saved.pusherSecret!,
      host: e.PUSHER_HOST ?? null,
      port: e.PUSHER_PORT ?? null,
      scheme: e.PUSHER_SCHEME ?? null,
      cluster: e.PUSHER_APP_CLUSTER,
      maxConnectionsPerAddress: e.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
      activityTimeoutSec: e.REALTIME_ACTIVITY_TIMEOUT_SECONDS,
    },
    rateLimits: scaleLimits(e.RATE_LIMIT_FACTOR, {
      login: { max: 10, timeWindow: 60_000 },
      register: { max: 10, timeWindow: 60 * 60_000 },
      passwordReset: { max: 5, timeWindow: 15 * 60_000 },
      verifyResend: { max: 3, timeWindow: 10 * 60_000 },
      refresh: { max: 30, timeWindow: 60_000 },
      // Per member: reading other members' profiles, hiding and reporting (issue 9: no enumeration).
      profileRead: { max: 120, timeWindow: 60 * 60_000 },
      hide: { max: 30, timeWindow: 60 * 60_000 },
      avatarUpload: { max: 30, timeWindow: 60 * 60_000 },
      chatSend: { max: 60, timeWindow: 60_000 },
      friendAction: { max: 60, timeWindow: 60 * 60_000 },
      report: { max: 20, timeWindow: 60 * 60_000 },
      // The send prompt's counted choices: about as many as one writes, not a way to skew the figures.
      sendPrompt: { max: 60, timeWindow: 60 * 60_000 },
      // Groups (issue 12): writing posts and comments, per member (edits count separately, alike).
      groupPost: { max: 10, timeWindow: 60 * 60_000 },
      groupComment: { max: 60, timeWindow: 60 * 60_000 },
      // Both check the current password: a stolen access token must not become a password guesser.
      passwordChange: { max: 10, timeWindow: 15 * 60_000 },
      emailChange: { max: 5, timeWindow: 60 * 60_000 },
      // Links opened from a mail, per address: an address change (confirm, undo), a decision's appeal link.
      emailLink: { max: 10, timeWindow: 15 * 60_000 },
      // Customer service, for guests too: per client address and per sender e-mail (issue 15).
      supportPerAddress: { max: 5, timeWindow: 60 * 60_000 },
      supportPerEmail: { max: 3, timeWindow: 60 * 60_000 },
      // Asking to delete the account needs the password: a few tries, not a way to guess it.
      accountDelete: { max: 5, timeWindow: 15 * 60_000 },
      // A full copy of a member's data is heavy to build: a few a day (issue 11).
      dataExport: { max: 3, timeWindow: 24 * 60 * 60_000 },
      // Cancelling or withdrawing without a login (issue 14): per client address and per given e-mail.
      declarationPerAddress: { max: 10, timeWindow: 60 * 60_000 },
      declarationPerEmail: { max: 5, timeWindow: 60 * 60_000 },
      // Starting a checkout, per member.
      checkout: { max: 20, timeWindow: 60 * 60_000 },
    }),
    loginThrottle: {
      ...scaleLimits(e.RATE_LIMIT_FACTOR, { r: { max: 10, timeWindow: 15 * 60_000 } }).r,
      intervalMs: 30_000,
    },
    tokens: {
      accessTtlSec: 15 * 60,
      refreshTtlSec: 7 * 24 * 3600,
      verifyLinkTtlSec: 24 * 3600,
      resetTtlSec: 60 * 60,
    },
    addressNoticeIntervalSec: 15 * 60,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY ?? null,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? saved.stripeWebhookSecret!,
    },
    openRequestLimits: { free: 3, premium: 10 },
    // Given keys come as a pair; otherwise both are the generated ones.
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
        : { publicKey: saved.vapidPublicKey!, privateKey: saved.vapidPrivateKey!, subject: e.VAPID_SUBJECT },
    pushLoopbackAllowed: false,
    chatMailDelayMs: e.CHAT_MAIL_DELAY_SECONDS * 1000,
    shutdownBudgetMs: Math.round(e.SHUTDOWN_BUDGET_SECONDS * 1000),
    loginConcurrency: e.LOGIN_CONCURRENCY ?? Math.max(2, availableParallelism()),
    supportEmail: e.SUPPORT_EMAIL,
    operator: {
      name: e.OPERATOR_NAME,
      address: e.OPERATOR_ADDRESS.replaceAll('\\n', '\n'),
      email: e.OPERATOR_EMAIL,
      phone: e.OPERATOR_PHONE,
      representative: e.OPERATOR_REPRESENTATIVE,
      register: e.OPERATOR_REGISTER,
      vatId: e.OPERATOR_VAT_ID,
    },
  };
}
