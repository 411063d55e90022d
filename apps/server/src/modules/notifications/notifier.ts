import { type AlwaysOnKind, isAlwaysOn, type NotificationKind } from '@trostnetz/contracts/notifications';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { perDatabase, preparedStatement } from '../../db/prepared.ts';
import { notificationSettings, notifications, pushSubscriptions } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { isGone } from '../../policies/members.ts';
import type { Mail } from '../mail/mailer.ts';
import { type MailKind, type MailParams, mailTemplate } from '../mail/templates.ts';
import { findActiveUser } from '../users/users.service.ts';
import { inQuietHours, orDefaults, quietHoursEnd, settingsOf, wants } from './preferences.service.ts';

/** What a notification is about, as the feature that calls `notify` knows it. */
export interface NotifySubject {
  actorId: number | null;
  postId?: number;
  groupId?: number;
  /** A report's receipt or outcome: the member's own report (never who or what it was about). */
  reportId?: number;
}

/** The mails of the catalogue each always-on kind may send (a feature cannot file one under another kind). */
const NOTICE_MAILS = {
  security: [
    'newSignIn',
    'passwordChanged',
    'emailChangeRequested',
    'addressInUse',
    'addressClaimed',
    'secondFactorReset',
  ],
  deletion: ['deletion'],
  export: ['exportMade'],
} as const satisfies Record<AlwaysOnKind, readonly MailKind[]>;

/**
 * What happened, for an always-on kind: which of the catalogue's mails says it, where its button leads,
 * and its details. The notifier finds the member's address, name and language itself.
 */
export interface AccountNotice<K extends AlwaysOnKind = AlwaysOnKind> {
  mail: (typeof NOTICE_MAILS)[K][number];
  url: string;
  params?: Partial<MailParams>;
}

/**
 * A decision about the member (issue 16): a statement of reasons (DSA Art. 17) or an appeal's outcome. The
 * moderation module writes the mail (what, why, which rule, how to contest); `key` names the decision, so
 * the same one never counts twice in the bell.
 */
export interface DecisionNotice {
  key: string;
  mail: Mail;
}

/**
 * Other mails wait a little, so that what happens together arrives as one mail. (A chat mail waits
 * `config.chatMailDelayMs`, CHAT_MAIL_DELAY_SECONDS: 15 minutes unless configured.)
 */
export const BATCH_MAIL_DELAY_MS = 2 * 60_000;
/** At most one mail per partner (or post) in this time. */
export const MAIL_INTERVAL_MS = 6 * 3600_000;

const groupKeyOf = (kind: NotificationKind, s: NotifySubject) =>
  kind === 'reply' || kind === 'group_post'
    ? `post:${s.postId}`
    : s.reportId
      ? `report:${s.reportId}`
      : `partner:${s.actorId}`;

/** The unread notifications the member sees in the app (the bell's count). */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), eq(notifications.inApp, 'yes'), isNull(notifications.readAt)),
    );
  return row?.n ?? 0;
}

/**
 * The one way a feature tells a member something (issue 13): it names the kind and what happened; the
 * member's choices decide the channels. In the app: stored (occasions of one partner or post count up
 * in one unread row) and the bell updates live. E-mail: the mail job looks later and sends at most one
 * mail for everything waiting. Push: one job per browser. Quiet hours hold mail back and drop pushes.
 *
 * The always-on kinds (security, deletion, export) take an `AccountNotice`: see `tellAlways`.
 */
export async function notify<K extends AlwaysOnKind>(
  ctx: AppContext,
  memberId: number,
  kind: K,
  notice: AccountNotice<K>,
): Promise<void>;
export async function notify(
  ctx: AppContext,
  memberId: number,
  kind: 'moderation',
  notice: DecisionNotice,
): Promise<void>;
export async function notify(
  ctx: AppContext,
  memberId: number,
  kind: Exclude<NotificationKind, AlwaysOnKind | 'moderation'>,
  subject: NotifySubject,
): Promise<void>;
export async function notify(
  ctx: AppContext,
  memberId: number,
  kind: NotificationKind,
  subject: NotifySubject | AccountNotice | DecisionNotice,
): Promise<void> {
  if (isAlwaysOn(kind)) return tellAlways(ctx, memberId, subject as AccountNotice);
  if (kind === 'moderation') return tellDecision(ctx, memberId, subject as DecisionNotice);
  return tellAsChosen(ctx, memberId, kind, subject as NotifySubject);
}

/**
 * A moderation decision reaches the member in the app and by its own mail, at once, day or night: the
 * restriction applies from now, and DSA Art. 17 asks for its reasons at the latest when it is imposed (a
 * suspended member cannot sign in to read them, so the mail carries the signed link to contest it). Not
 * batched into a digest, not pushed, and not for an account that is gone.
 */
async function tellDecision(ctx: AppContext, memberId: number, notice: DecisionNotice) {
  const member = await findActiveUser(ctx.db, memberId);
  if (!member || isGone(member)) return;
  ctx.mailer.queue(notice.mail);
  await ctx.db
    .insert(notifications)
    .values({
      userId: memberId,
      kind: 'moderation',
      actorId: null,
      groupKey: notice.key,
      inApp: 'yes',
      mailState: 'none',
    })
    .onConflictDoNothing();
  ctx.broadcaster.toMember(memberId, 'friend_requests_changed', 'NotificationsChanged', {
    unread: await unreadCount(ctx.db, memberId),
  });
}

/**
 * The always-on notices: the member cannot switch them off, and they come by mail only (DEFAULT_CHOICES:
 * nothing in the app, no push). They go to every account not yet erased, also one marked for deletion:
 * the deletion notice is for exactly such an account, and it is the only way back into it.
 *
 * Quiet hours hold back every mail "except security mail" (issue 13). All three kinds count as security
 * mail here and go out at once, day or night:
 * - security (a new sign-in, a changed password, an address change asked for, someone using the
 *   address): if it was not the member, every hour of waiting is an hour the intruder keeps the account.
 * - deletion: the mail with the link to keep the account is part of the request the member made a
 *   moment ago (the account is already hidden and every session ended); held until morning, a person
 *   who asked in a dark hour and regrets it would have no way back all night, and when a stolen
 *   password or the team deleted it, the link is the member's only way to answer.
 * - export: it tells of an action the member just took (they are awake and expect it); when it was not
 *   them, someone holds a copy of everything, including what they lost, and the member should know now.
 * Each is a single mail about the member's own account, answering something that just happened: what
 * quiet hours protect against (being woken by what others do) does not apply.
 *
 * The mail is composed now (its links carry one-time tokens made by the feature) and stored as a
 * mail job, which hands it to SMTP with retries: never held, never batched with other notices.
 */
async function tellAlways(ctx: AppContext, memberId: number, notice: AccountNotice) {
  const member = await findActiveUser(ctx.db, memberId);
  if (!member) return;
  ctx.mailer.queue(
    mailTemplate(notice.mail, member.locale, ctx.config.appName, member, notice.url, {
      name: '',
      message: '',
      ...notice.params,
    }),
  );
}

/**
 * Every other kind: the channels the member chose, quiet hours, batching (see `notify`). This runs for
 * every chat message, so it asks the database twice: once for the member, their settings and browsers,
 * once to store the occasion and count what is unread (issue 18).
 */
async function tellAsChosen(
  ctx: AppContext,
  memberId: number,
  kind: NotificationKind,
  subject: NotifySubject,
) {
  const recipient = await recipientOf(ctx.db, memberId);
  if (!recipient) return;
  const { settings } = recipient;
  const inApp = wants(settings, kind, 'in_app');
  const email = wants(settings, kind, 'email');
  const push = wants(settings, kind, 'push');
  if (!inApp && !email && !push) return;
  const now = new Date();
  if (inApp || email) {
    const unread = await storeOccasion(ctx, memberId, kind, subject, { inApp, email, now });
    if (inApp) {
      ctx.broadcaster.toMember(memberId, 'friend_requests_changed', 'NotificationsChanged', { unread });
    }
  }
  if (email) {
    const delay = kind === 'chat_message' ? ctx.config.chatMailDelayMs : BATCH_MAIL_DELAY_MS;
    await scheduleMailCheck(ctx, memberId, new Date(now.getTime() + delay), settings);
  }
  if (push && !inQuietHours(settings, now)) {
    for (const subscriptionId of recipient.pushSubscriptionIds) {
      await ctx.jobs.send('notifications-push', {
        userId: memberId,
        subscriptionId,
        kind,
        actorId: subject.actorId,
        postId: subject.postId ?? null,
        groupId: subject.groupId ?? null,
      });
    }
  }
}

/** A member who is still there (not gone), with their settings and push subscriptions, in one query. */
async function recipientOf(db: Db, memberId: number) {
  const [row] = await recipientQuery(db).execute({ memberId });
  if (!row || isGone(row)) return null;
  return {
    settings: orDefaults(memberId, row.settings),
    pushSubscriptionIds: row.pushSubscriptionIds.map(Number),
  };
}

const recipientQuery = perDatabase((db: Db) =>
  db
    .select({
      deletedAt: users.deletedAt,
      deletionRequestedAt: users.deletionRequestedAt,
      settings: notificationSettings,
      pushSubscriptionIds: sql<
        Array<string | number>
      >`array(select ${pushSubscriptions.id} from ${pushSubscriptions}
        where ${pushSubscriptions.userId} = ${users.id} order by ${pushSubscriptions.id})`,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(and(eq(users.id, sql.placeholder('memberId')), isNull(users.deletedAt)))
    .prepare('notify_recipient'),
);

/**
 * Stores one occasion (new occasions of one partner or post count up in its unread row) and answers the
 * member's unread count after it, in one statement: the rows as they were, the changed row as it is now.
 */
async function storeOccasion(
  ctx: AppContext,
  memberId: number,
  kind: NotificationKind,
  subject: NotifySubject,
  { inApp, email, now }: { inApp: boolean; email: boolean; now: Date },
): Promise<number> {
  const result = await storeOccasionStatement.run(ctx.database, {
    memberId,
    kind,
    actorId: subject.actorId,
    postId: subject.postId ?? null,
    groupId: subject.groupId ?? null,
    groupKey: groupKeyOf(kind, subject),
    inApp: inApp ? 'yes' : 'no',
    mailState: email ? 'pending' : 'none',
    now,
  });
  return Number((result.rows[0] as { unread: number | string }).unread);
}

const param = (name: string) => sql.placeholder(name);
/** A repeat counts up, names the latest actor, takes the in-app choice of now, and asks for a mail if one is wanted. */
const storeOccasionStatement = preparedStatement<{
  memberId: number;
  kind: NotificationKind;
  actorId: number | null;
  postId: number | null;
  groupId: number | null;
  groupKey: string;
  inApp: 'yes' | 'no';
  mailState: 'pending' | 'none';
  now: Date;
}>(
  'notify_store_occasion',
  sql`with stored as (
    insert into ${notifications} as n (user_id, kind, actor_id, post_id, group_id, group_key, in_app, mail_state)
    values (${param('memberId')}, ${param('kind')}, ${param('actorId')}, ${param('postId')}, ${param('groupId')},
            ${param('groupKey')}, ${param('inApp')}, ${param('mailState')})
    on conflict (user_id, kind, group_key) where read_at is null do update set
      count = n.count + 1,
      actor_id = excluded.actor_id,
      updated_at = ${param('now')},
      in_app = excluded.in_app,
      mail_state = case when excluded.mail_state = 'pending' then 'pending' else n.mail_state end
    returning n.id, n.in_app)
  select (select count(*)::int from ${notifications} o
            where o.user_id = ${param('memberId')} and o.in_app = 'yes' and o.read_at is null
              and o.id not in (select id from stored))
       + (select count(*)::int from stored where in_app = 'yes') as unread`,
);

/** The mail job looks at the member's waiting notifications at `at` (or when quiet hours end). */
export async function scheduleMailCheck(
  ctx: AppContext,
  memberId: number,
  at: Date,
  known?: Awaited<ReturnType<typeof settingsOf>>,
) {
  const settings = known ?? (await settingsOf(ctx.db, memberId));
  const startAfter = inQuietHours(settings, at) ? quietHoursEnd(settings, at) : at;
  // One waiting check per member and moment: a burst of messages stores one job.
  const slot = Math.ceil(startAfter.getTime() / 60_000);
  await ctx.jobs.send(
    'notifications-mail',
    { userId: memberId },
    { startAfter, singletonKey: `${memberId}:${slot}` },
  );
}
