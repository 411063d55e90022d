import { z } from 'zod';
import { vmsg } from './messages.ts';

/**
 * What a member can be told about (issue 13). `security` (a new sign-in, a changed password, an
 * address change asked for, someone trying to use the member's address), `deletion` (the account will
 * be deleted, with the link to keep it) and `export` (a copy of the data was downloaded) are the
 * always-on notices; `moderation` (issue 16) a statement of reasons or an appeal's decision, its `url`
 * `/notices/{id}`; `report_received` and `report_decided` the receipt of a member's report and its
 * outcome (DSA Art. 16(4), (5)), never naming who or what was reported, their `url` `/notices` (its
 * reports part).
 */
export const NOTIFICATION_KINDS = [
  'chat_message',
  'friend_request',
  'friend_accepted',
  'friend_words',
  'request_expired',
  'reply',
  'group_post',
  'security',
  'deletion',
  'export',
  'news',
  'moderation',
  'report_received',
  'report_decided',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

const channelChoices = z.object({ in_app: z.boolean(), email: z.boolean(), push: z.boolean() });
export type ChannelChoices = z.infer<typeof channelChoices>;

/** The notices a member cannot switch off: always by mail, and only by mail (issue 13). */
export const ALWAYS_ON_KINDS = [
  'security',
  'deletion',
  'export',
] as const satisfies readonly NotificationKind[];
export type AlwaysOnKind = (typeof ALWAYS_ON_KINDS)[number];
export const isAlwaysOn = (kind: NotificationKind): kind is AlwaysOnKind =>
  (ALWAYS_ON_KINDS as readonly string[]).includes(kind);

/**
 * Calm defaults: the app and push for what a partner does, mail only for what waits on the member
 * (a message while away, a request); group posts in the app only; product news nowhere. The
 * always-on kinds are mail only and cannot be changed.
 */
export const DEFAULT_CHOICES: Record<NotificationKind, ChannelChoices> = {
  chat_message: { in_app: true, email: true, push: true },
  friend_request: { in_app: true, email: true, push: true },
  friend_accepted: { in_app: true, email: false, push: true },
  friend_words: { in_app: true, email: false, push: false },
  request_expired: { in_app: true, email: true, push: false },
  reply: { in_app: true, email: false, push: true },
  group_post: { in_app: true, email: false, push: false },
  security: { in_app: false, email: true, push: false },
  deletion: { in_app: false, email: true, push: false },
  export: { in_app: false, email: true, push: false },
  news: { in_app: false, email: false, push: false },
  moderation: { in_app: true, email: true, push: false },
  report_received: { in_app: true, email: true, push: false },
  report_decided: { in_app: true, email: true, push: false },
};

/**
 * Kinds whose channels are fixed: the always-on notices, and what the law asks to tell in the app and
 * by mail (issue 16): statements of reasons, a report's receipt and its outcome.
 */
export const FIXED_KINDS = [...ALWAYS_ON_KINDS, 'moderation', 'report_received', 'report_decided'] as const;
export const isChoosable = (kind: NotificationKind) => !(FIXED_KINDS as readonly string[]).includes(kind);
/** Kinds whose channels a member may change. */
export const CHOOSABLE_KINDS = NOTIFICATION_KINDS.filter(isChoosable);

const hour = z.number().int().min(0).max(23);

/** `GET /api/user/notifications`: every kind × channel, quiet hours and the time zone. */
export const notificationPreferences = z.object({
  choices: z.record(z.enum(NOTIFICATION_KINDS), channelChoices),
  quiet_hours: z.object({ start: hour, end: hour }),
  time_zone: z.string(),
  /** Product news by mail: off, waiting for the link in the confirmation mail, or confirmed. */
  news_email: z.enum(['off', 'pending', 'confirmed']),
  /** The server's public VAPID key, for PushManager.subscribe. */
  push_public_key: z.string(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/**
 * `PUT /api/user/notifications`: any part; kinds left out keep their choices. Every kind the GET answers
 * is taken, so a client may send back what it read; a fixed kind only as it is: any other value of it is
 * refused on that channel, `always_on` for the always-on notices and `fixed_channels` for what the law
 * asks to tell in the app and by mail. Neither can be switched off, nor moved to another channel.
 */
export const updateNotificationPreferences = z.object({
  choices: z
    .partialRecord(z.enum(NOTIFICATION_KINDS), channelChoices.partial())
    .superRefine((choices, ctx) => {
      for (const kind of FIXED_KINDS) {
        const message = vmsg(isAlwaysOn(kind) ? 'always_on' : 'fixed_channels');
        for (const [channel, on] of Object.entries(choices[kind] ?? {})) {
          if (on !== DEFAULT_CHOICES[kind][channel as NotificationChannel]) {
            ctx.addIssue({ code: 'custom', path: [kind, channel], message });
          }
        }
      }
    })
    .optional(),
  quiet_hours: z.object({ start: hour, end: hour }).optional(),
  time_zone: z.string().max(64).refine(isTimeZone, 'invalid').optional(),
});
export type UpdateNotificationPreferences = z.input<typeof updateNotificationPreferences>;

/** One entry of `GET /api/notifications`: who, what, where it leads; never the words of a message. */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  actor: z.object({ id: z.number().int(), nickname: z.string() }).nullable(),
  /** How many occasions this row collects (messages of one partner, comments on one post). */
  count: z.number().int(),
  /** The screen that opens it. */
  url: z.string(),
  post_id: z.number().int().nullable(),
  /**
   * What the partner wrote when accepting (`friend_accepted`) or declining, withdrawing or ending
   * (`friend_words`): shown here, in the app only; mails and pushes never carry it.
   */
  words: z
    .object({ action: z.enum(['accept', 'deny', 'retract', 'remove']), message: z.string() })
    .nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const notificationList = z.object({
  data: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationList>;

/** `POST /api/notifications/read`: these ids, or all when left out. */
export const markNotificationsRead = z.object({ ids: z.array(z.number().int()).max(200).optional() });

/** Live on the member's `notifications` channel: the unread count changed (a new one, or read elsewhere). */
export const notificationsChangedEvent = z.object({ unread: z.number().int() });

/** `POST /api/push/subscriptions`: what PushSubscription.toJSON() gives. */
export const pushSubscriptionBody = z.object({
  // A browser's push service is always https; push-endpoint.ts also asks for a public address.
  endpoint: z.url({ protocol: /^https$/ }).max(2048),
  keys: z.object({ p256dh: z.string().min(1).max(256), auth: z.string().min(1).max(64) }),
});
export const pushUnsubscribeBody = z.object({ endpoint: z.string().max(2048) });

/** What a push carries: who and what kind, and the screen to open. The service worker shows it. */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  /** Chat: the partner's id, so the worker stays quiet while that conversation is open and visible. */
  partner_id: z.number().int().nullable(),
});
export type PushPayload = z.infer<typeof pushPayload>;
