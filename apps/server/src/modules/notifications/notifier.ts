import { type AlwaysOnKind, isAlwaysOn, type NotificationKind } from '@trostnetz/contracts/notifications';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { notificationSettings, notifications, pushSubscriptions } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { isGone, notHidden, present } from '../../policies/members.ts';
import type { Mail } from '../mail/mailer.ts';
import { type MailKind, type MailParams, mailTemplate } from '../mail/templates.ts';
import { findActiveUser } from '../users/users.service.ts';
import {
  inQuietHours,
  orDefaults,
  quietHoursEnd,
  type SettingsRow,
  settingsOf,
  wantsSql,
} from './preferences.service.ts';

/** What a notification is about, as the feature that calls `notify` knows it. */
export interface NotifySubject {
  actorId: number | null;
  postId?: number;
  groupId?: number;
  /** A report's receipt or outcome: the member's own report (never who or what it was about). */
  reportId?: number;
  /** The words a partner wrote at a turning point (friendship_words), shown with the notification in the app. */
  wordId?: number;
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
    'secondFactorFailures',
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
 * every chat message, so it is one statement (issue 18): it reads the member, their choices and
 * browsers, stores the occasion when the member wants it in the app or by mail, and counts what is
 * unread. Push and the mail check follow from what it answers.
 */
async function tellAsChosen(
  ctx: AppContext,
  memberId: number,
  kind: NotificationKind,
  subject: NotifySubject,
) {
  const now = new Date();
  const result = await occasionStatement(kind).run(
    ctx.database,
    occasionValues(memberId, kind, subject, now),
  );
  await followOccasion(ctx, memberId, kind, subject, now, result.rows[0] as Told | undefined);
}

/** The values an occasion statement (`occasionStatement`, `occasionAfter`) takes. */
export function occasionValues(memberId: number, kind: NotificationKind, subject: NotifySubject, now: Date) {
  return {
    memberId,
    actorId: subject.actorId,
    postId: subject.postId ?? null,
    groupId: subject.groupId ?? null,
    wordId: subject.wordId ?? null,
    groupKey: groupKeyOf(kind, subject),
    now,
  };
}
type OccasionValues = ReturnType<typeof occasionValues>;

/**
 * What follows a stored occasion: the bell updates live, the mail job is asked to look later, and each
 * browser gets its push job (none in quiet hours). `told` is the occasion statement's answer; without
 * one (the account is erased, or the write it followed stored nothing) nothing follows.
 */
export async function followOccasion(
  ctx: AppContext,
  memberId: number,
  kind: NotificationKind,
  subject: NotifySubject,
  now: Date,
  told: Told | undefined,
) {
  if (!told?.present) return;
  const settings = orDefaults(
    memberId,
    told.settings_user === null
      ? null
      : {
          userId: memberId,
          choices: told.choices ?? {},
          quietStart: told.quiet_start,
          quietEnd: told.quiet_end,
          timeZone: told.time_zone,
          newsConfirmedAt: told.news_confirmed_at,
          updatedAt: new Date(0),
        },
  );
  if (told.in_app) {
    ctx.broadcaster.toMember(memberId, 'friend_requests_changed', 'NotificationsChanged', {
      unread: Number(told.unread),
    });
  }
  if (told.email) {
    const delay = kind === 'chat_message' ? ctx.config.chatMailDelayMs : BATCH_MAIL_DELAY_MS;
    await scheduleMailCheck(ctx, memberId, new Date(now.getTime() + delay), settings, { coalesce: true });
  }
  if (told.push && !inQuietHours(settings, now)) {
    for (const subscriptionId of told.push_ids.map(Number)) {
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

/** What the occasion statement answers: no row when the account is erased. */
export interface Told {
  present: boolean;
  in_app: boolean;
  email: boolean;
  push: boolean;
  settings_user: string | number | null;
  choices: SettingsRow['choices'] | null;
  quiet_start: number;
  quiet_end: number;
  time_zone: string;
  news_confirmed_at: Date | null;
  push_ids: Array<string | number>;
  unread: number | string;
}

const param = (name: string) => sql.placeholder(name);
const occasionStatements = new Map<NotificationKind, ReturnType<typeof buildOccasionStatement>>();
const occasionStatement = (kind: NotificationKind) => {
  let statement = occasionStatements.get(kind);
  if (!statement) {
    statement = buildOccasionStatement(kind);
    occasionStatements.set(kind, statement);
  }
  return statement;
};

/**
 * One statement per kind: the member (not gone: `present`; nothing at all from someone hidden either
 * way), what they want for this kind (`wantsSql`), their quiet hours and browsers; the occasion stored
 * when wanted in the app or by mail (a repeat counts up its unread row, names the latest actor, takes
 * the in-app choice of now, asks for a mail if one is wanted); and the unread count after it (the rows
 * as they were, the changed row as it is now).
 */
function buildOccasionStatement(kind: NotificationKind) {
  return preparedStatement<OccasionValues>(`notify_${kind}`, occasionSql(kind));
}

/**
 * A feature's write and the occasion it is, as one statement and so one commit: the two stand or fall
 * together (with two commits, a failure between them stored a message without its notification), and
 * the database flushes its log once (issue 18; the rate held did not change, the node's CPU sets it).
 * `write` is an `insert … returning` (its placeholders are the feature's own); the occasion is stored only
 * when it returned a row. The answer has one row per written row: its columns, then the occasion's
 * (`Told`) for `followOccasion`.
 */
export function occasionAfter<P extends Record<string, unknown>>(
  name: string,
  kind: Exclude<NotificationKind, AlwaysOnKind | 'moderation'>,
  write: SQL,
  { silencedWhen }: { silencedWhen?: SQL } = {},
) {
  return preparedStatement<P & OccasionValues>(name, occasionSql(kind, write, silencedWhen));
}

/**
 * `silenced`: SQL over `written` that is true when the member silenced what was written (a muted
 * conversation): then nothing is stored and no channel is used, as if the member wanted none.
 */
function occasionSql(kind: NotificationKind, write?: SQL, silenced?: SQL) {
  const wants = (channel: 'in_app' | 'email' | 'push') =>
    silenced ? sql`(${wantsSql(kind, channel)} and not (${silenced}))` : wantsSql(kind, channel);
  return sql`with ${write ? sql`written as (${write}),` : sql``} recipient as (
      select ${present} as present,
        ${wants('in_app')} as in_app, ${wants('email')} as email, ${wants('push')} as push,
        ${notificationSettings.userId} as settings_user, ${notificationSettings.choices} as choices,
        ${notificationSettings.quietStart} as quiet_start, ${notificationSettings.quietEnd} as quiet_end,
        ${notificationSettings.timeZone} as time_zone, ${notificationSettings.newsConfirmedAt} as news_confirmed_at,
        array(select ps.id from ${pushSubscriptions} ps where ps.user_id = ${users.id} order by ps.id) as push_ids
      from ${users} left join ${notificationSettings} on ${notificationSettings.userId} = ${users.id}
      where ${users.id} = ${param('memberId')} and ${users.deletedAt} is null
        and ${notHidden(param('memberId'), sql`${param('actorId')}::bigint`)}
        ${write ? sql`and exists (select 1 from written)` : sql``}),
    stored as (
      insert into ${notifications} as n (user_id, kind, actor_id, post_id, group_id, word_id, group_key, in_app, mail_state)
      select ${param('memberId')}::bigint, ${sql.raw(`'${kind}'`)}, ${param('actorId')}::bigint, ${param('postId')}::bigint,
        ${param('groupId')}::bigint, ${param('wordId')}::bigint, ${param('groupKey')}::text,
        case when r.in_app then 'yes' else 'no' end, case when r.email then 'pending' else 'none' end
      from recipient r where r.present and (r.in_app or r.email)
      on conflict (user_id, kind, group_key) where read_at is null do update set
        count = n.count + 1,
        actor_id = excluded.actor_id,
        word_id = excluded.word_id,
        updated_at = ${param('now')}::timestamptz,
        in_app = excluded.in_app,
        mail_state = case when excluded.mail_state = 'pending' then 'pending' else n.mail_state end
      returning n.id, n.in_app)
    select ${write ? sql`w.*,` : sql``} r.*,
      (select count(*)::int from ${notifications} o
        where o.user_id = ${param('memberId')}::bigint and o.in_app = 'yes' and o.read_at is null
          and o.id not in (select id from stored))
      + (select count(*)::int from stored where in_app = 'yes') as unread
    from ${write ? sql`written w left join recipient r on true` : sql`recipient r`}`;
}

/** The mail job looks at the member's waiting notifications at `at` (or when quiet hours end). */
export async function scheduleMailCheck(
  ctx: AppContext,
  memberId: number,
  at: Date,
  known?: Awaited<ReturnType<typeof settingsOf>>,
  { coalesce = false } = {},
) {
  const settings = known ?? (await settingsOf(ctx.db, memberId));
  const startAfter = inQuietHours(settings, at) ? quietHoursEnd(settings, at) : at;
  // One waiting check per member and moment. For a new notification (`coalesce`), a check already
  // waiting that runs no later covers it too: a check looks at every waiting notification and sets the
  // next one itself for those not yet due.
  const slot = Math.ceil(startAfter.getTime() / 60_000);
  await ctx.jobs.send(
    'notifications-mail',
    { userId: memberId },
    { startAfter, singletonKey: `${memberId}:${slot}`, ...(coalesce ? { coalesce: String(memberId) } : {}) },
  );
}
