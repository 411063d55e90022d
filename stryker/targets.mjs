// The mutation targets, one row each (npm run test:mutation; docs/mutation-testing.md). A row names the rule
// area's files (`mutate`; `file:from-to` mutates part of a file, so two targets may share one) and the tests
// that decide them (`tests`: the server's, a package's or the web app's own files). stryker/stryker.config.mjs
// and stryker/vitest.config.ts read the row named by MUTATION_TARGET. What a target leaves out is said beside
// it, with the reason.

/** The server's own tests under apps/server, on one migrated, seeded PGlite made once per run. */
const server = (include, env) => ({ root: 'apps/server', include, env });
/** The web app's tests under apps/web, on the web suite's runtime (jsdom). */
const web = (include) => ({ root: 'apps/web', web: true, include });

export const TARGETS = {
  // Scoring, hard filters, "why you match" reasons, suggestion top-up. Not mutated: matching.routes.ts (three
  // one-line handlers, wired by every test) and demo-answers.ts (the demo script's data, no rule). The
  // property test builds one random community per mutant (npm test: three), the scale property test one of
  // 1,000 members (npm test: two of 10,000).
  matching: {
    mutate: [
      'apps/server/src/modules/matching/matching.service.ts',
      'apps/server/src/modules/matching/suggestions.service.ts',
      'apps/server/src/modules/matching/match-profile.ts',
    ],
    tests: server(['src/modules/matching/**/*.test.ts'], {
      MATCHING_PROPERTY_COMMUNITIES: '1',
      MATCHING_SCALE_RUNS: '1',
      MATCHING_SCALE_MEMBERS: '1000',
    }),
  },

  // The realtime protocol over the socket: handshake, client messages and events, subscriptions, presence
  // data, channel names, frames. Not mutated: server.ts, server-context.ts, delivery.ts, write-batching.ts,
  // activity-monitor.ts and adapters/ (transport, fan-out and the Redis adapter, whose tests need Redis),
  // options.ts (defaults), socket-id.ts (random ids), logger.ts (logging only).
  realtime: {
    mutate: [
      'packages/realtime/src/handshake.ts',
      'packages/realtime/src/client-messages.ts',
      'packages/realtime/src/client-events.ts',
      'packages/realtime/src/subscriptions.ts',
      'packages/realtime/src/presence-data.ts',
      'packages/realtime/src/channel-name.ts',
      'packages/realtime/src/frames.ts',
      'packages/realtime/src/protocol-codes.ts',
    ],
    tests: 'realtime',
  },
  // The protocol's signed side: the channel auth signature, the HTTP API's signature check (auth_key,
  // auth_signature, body_md5, auth_version, sorted parameters) and its events endpoint. Split from
  // `realtime` so that each full run stays under 20 minutes; the same tests run for both.
  'realtime-http': {
    mutate: [
      'packages/realtime/src/auth-signature.ts',
      'packages/realtime/src/http-signature.ts',
      'packages/realtime/src/http-api.ts',
      'packages/realtime/src/http-events.ts',
    ],
    tests: 'realtime',
  },

  // Registration, verification, password reset, sign-in, sessions and refresh tokens, signed links. Not
  // mutated: auth.routes.ts (handlers that call these services), client-info.ts (the device label in the
  // session list), accounts.jobs.ts (the job-table entry).
  accounts: {
    mutate: [
      'apps/server/src/modules/auth/accounts.service.ts',
      'apps/server/src/modules/auth/sessions.service.ts',
      'apps/server/src/modules/auth/signed-links.ts',
    ],
    tests: server(['src/modules/auth/**/*.test.ts']),
  },
  // Access and refresh tokens, the password rules, the login throttle (trips, then resets). Split from
  // `accounts` so that each full run stays under 20 minutes; the same tests run for both.
  tokens: {
    mutate: [
      'apps/server/src/modules/auth/tokens.ts',
      'apps/server/src/modules/auth/passwords.ts',
      'apps/server/src/modules/auth/login-throttle.ts',
    ],
    tests: server(['src/modules/auth/**/*.test.ts']),
  },

  // Who may see or do what (members, conversations, premium, permissions, roles, profile). The groups' rules
  // are decided by the groups' own tests: mutated in `group-feeds`.
  policies: {
    mutate: [
      'apps/server/src/policies/*.ts',
      '!apps/server/src/policies/*.test.ts',
      '!apps/server/src/policies/groups.ts',
    ],
    tests: server(['src/policies/**/*.test.ts']),
  },

  // The console's sign-in: staff roles, TOTP enrolment and its replay rule, staff sessions. Its own target
  // beside `moderation`: together they took well over 20 minutes per run.
  staff: {
    mutate: ['apps/server/src/modules/admin/staff.service.ts'],
    tests: server(['src/modules/admin/staff*.test.ts']),
  },
  // The moderation queue: one entry per item with its reasons, the item's detail and context, taking an
  // item, suspensions and their end. Deciding and appealing are `decisions` (the same file's second half:
  // the whole file was well over 20 minutes per run).
  moderation: {
    mutate: ['apps/server/src/modules/admin/moderation.service.ts:1-309'],
    tests: 'moderation',
  },
  // Deciding a report, the statement of reasons (DSA Art. 17), the notices a member reads, appeals within
  // six months decided by another moderator (DSA Art. 20), what a reporter learns.
  decisions: {
    mutate: ['apps/server/src/modules/admin/moderation.service.ts:310-610'],
    tests: 'moderation',
  },

  // Categories, joining and leaving, the watch level, posts and comments with their edit windows and
  // deletion. Not mutated: groups.routes.ts (handlers that hand over to the service, wired by every test),
  // groups.seed.ts (the starting categories: content, no rule), groups.member-data.ts (the export's part,
  // tested by the account target's export tests) and groups.reports.ts (the moderation target's).
  groups: {
    mutate: ['apps/server/src/modules/groups/groups.service.ts'],
    tests: 'groups',
  },
  // Who may see, join, post and watch, the group feeds and what a group, post and comment show to whom (the
  // presenter). Split from `groups` so that each full run stays under 20 minutes.
  'group-feeds': {
    mutate: [
      'apps/server/src/policies/groups.ts',
      'apps/server/src/modules/groups/feeds.service.ts',
      'apps/server/src/modules/groups/groups.presenter.ts',
    ],
    tests: 'groups',
  },

  // Who is told what on which channel (the notifier) and the in-app list. Not mutated:
  // notifications.routes.ts and notifications.jobs.ts (wiring, covered by every test), notice-mail.service.ts
  // (the moderation target's statements of reasons) and the export's part.
  notifications: {
    mutate: [
      'apps/server/src/modules/notifications/notifier.ts',
      'apps/server/src/modules/notifications/notifications.service.ts',
    ],
    tests: 'notifications',
  },
  // What a member chose: kind × channel, the SQL form of the same rule (wantsSql), quiet hours in the
  // member's time zone, product news by double opt-in, one-click unsubscribe.
  'notification-settings': {
    mutate: ['apps/server/src/modules/notifications/preferences.service.ts'],
    tests: 'notifications',
  },
  // The mail that never carries message text, batching per partner, one-click unsubscribe through signed
  // links, and push.
  'notification-mail': {
    mutate: [
      'apps/server/src/modules/notifications/notification-mail.ts',
      'apps/server/src/modules/notifications/notification-links.ts',
      'apps/server/src/modules/notifications/push.service.ts',
    ],
    tests: 'notifications',
  },

  // The plans, starting a checkout, its state, which contract is current, whether a member has premium and
  // until when, and the contract mails (order confirmation, receipt) with VAT and dates.
  checkout: {
    mutate: ['apps/server/src/modules/payments/payments.service.ts'],
    tests: 'payments',
  },
  // The contract's life after checkout (renewal, cancellation without login, withdrawal within 14 days, the
  // pro-rata refund, contracts of a deleted account). Not mutated: payments.routes.ts (wiring), provider.ts
  // and test-provider.ts (the Stripe SDK and its local fake), payments.presenter.ts (output shape, pinned by
  // the OpenAPI contract test), payments.jobs.ts. What premium allows is `policies` (policies/premium.ts).
  premium: {
    mutate: ['apps/server/src/modules/payments/contracts.service.ts'],
    tests: 'payments',
  },
  // The payment provider's webhooks: signature and its tolerance, each event once, which contract an event
  // is about, what paid and failed invoices and subscription states do to the contract and to premium.
  // Checkout, premium and webhooks as one target took 42 minutes per run.
  webhooks: {
    mutate: ['apps/server/src/modules/payments/webhook.ts'],
    tests: 'payments',
  },

  // The web app's route table on React Router's data router (decision 028): each screen's guard as its loader
  // (before the screen shows, with its prefetch, redirects, failures on the error screen), screens fetched once
  // when first opened, the frames shared by the screens that name them, the onboarding gate, the screen's
  // table entry as what the frame reads, and the app's frame around them all. Its own tests only; the app's
  // routing tests run in npm test. React Router itself is not ours to mutate.
  router: {
    mutate: ['apps/web/src/app/router.tsx', 'apps/web/src/app/use-route-meta.ts'],
    tests: web(['src/app/router.test.tsx']),
  },
  // The FAQ search: folding of case, accents and umlaut spellings, word forms by the FAQ's language, every
  // word of the search matching.
  // What someone lost is learnt from nobody (decision 029): the cool-down on changing the loss answers.
  'loss-answers': {
    mutate: ['apps/server/src/modules/questionnaire/loss-answers.ts'],
    tests: server(['src/modules/questionnaire/loss-answers.test.ts']),
  },
  // A muted conversation leaves no notification, push or mail for the member who muted it, settles what
  // already waited, and only conversations the member may read can be muted (issue 43, decision 036).
  'chat-mutes': {
    mutate: ['apps/server/src/modules/chat/chat-mutes.service.ts'],
    tests: server(['src/modules/chat/chat-mutes.test.ts']),
  },
  // Push goes only to public https push services, checked at subscribe time and for every connection.
  'push-endpoint': {
    mutate: ['apps/server/src/modules/notifications/push-endpoint.ts'],
    tests: server(['src/modules/notifications/push-endpoint.test.ts']),
  },
  // The word lists matched on the device (issue 43): hurtful and pressuring words before sending and under a
  // partner's message, whole words and `*`; their tests hold matches and non-matches. Not yet mutated:
  // contact-hint.ts (contact details, links, the off-platform note's 14 days), whose patterns are module-level
  // constants that Stryker cannot switch per mutant (53.1 % measured with them): they must move into code
  // that runs per call first.
  'safety-words': {
    mutate: ['apps/web/src/domain/safety/hurtful-words.ts', 'apps/web/src/domain/safety/word-match.ts'],
    tests: web(['src/domain/safety/hurtful-words.test.ts']),
  },
  'faq-search': {
    mutate: ['apps/web/src/features/legal/faq-search.ts'],
    tests: web(['src/features/legal/faq-search.test.ts']),
  },
  // The first screen and live data: the guard loader's prefetch and texts, the home screen's prefetch, the
  // unread counts that never re-render the frame, everything refetched one per task once live, cookies read
  // once per task, and where an ended session sends the member (a guests' screen stays). Only what runs per
  // call: not the module-level query definitions and client (Stryker's static mutants).
  'first-screen': {
    mutate: [
      'apps/web/src/app/app.tsx:20-38',
      'apps/web/src/app/guard-loader.ts:75-95',
      'apps/web/src/features/dashboard/api/prefetch.ts',
      'apps/web/src/features/chat/api/get-unread.ts:1-34',
      'apps/web/src/lib/query-client.ts:17-46',
      'apps/web/src/lib/cookies.ts:33-62',
    ],
    tests: web([
      'src/app/app.test.tsx',
      'src/app/deep-links.test.tsx',
      'src/features/chat/api/get-unread.test.tsx',
      'src/lib/query-client.test.ts',
      'src/lib/cookies.test.ts',
      'src/lib/attribution.test.ts',
    ]),
  },
};

/** Test sets several targets share (a target names one by its key instead of repeating it). */
export const TEST_SETS = {
  // The package's own tests. The protocol fuzz runs one round (12,500 frames) per mutant instead of ten; the
  // Redis adapter's tests skip without TEST_REDIS_URL. Left out: leak.test.ts (10,000 connect/subscribe/
  // disconnect cycles in a child process, a resource check that covers nearly every mutant and would run for
  // each one; the protocol rules have their own tests).
  realtime: {
    root: 'packages/realtime',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/leak.test.ts'],
    env: { REALTIME_FUZZ_ROUNDS: '1' },
  },
  moderation: server([
    'src/modules/admin/moderation-rules.test.ts',
    'src/modules/admin/moderation.test.ts',
    'src/modules/admin/notice-links.test.ts',
    'src/modules/admin/report-receipts.test.ts',
  ]),
  groups: server(['src/modules/groups/**/*.test.ts']),
  // The chat's send stores its notification through the notifier's statement (occasionAfter): its test runs too.
  notifications: server(['src/modules/notifications/**/*.test.ts', 'src/modules/chat/chat.test.ts']),
  payments: server(['src/modules/payments/**/*.test.ts']),
};

/** The row MUTATION_TARGET names, with its test set resolved; exits with the known names when it is unknown. */
export function targetFromEnv() {
  const name = process.env.MUTATION_TARGET;
  const row = TARGETS[name];
  if (!row) {
    console.error(
      `MUTATION_TARGET=${name ?? ''} is not a mutation target; known: ${Object.keys(TARGETS).join(', ')}`,
    );
    process.exit(2);
  }
  return {
    name,
    mutate: row.mutate,
    tests: typeof row.tests === 'string' ? TEST_SETS[row.tests] : row.tests,
  };
}
