import { isDeepStrictEqual } from 'node:util';
import {
  type ChannelChoices,
  DEFAULT_CHOICES,
  isChoosable,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
} from '@trostnetz/contracts/notifications';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { notificationSettings } from '../../db/schema/notifications.ts';

export type SettingsRow = typeof notificationSettings.$inferSelect;
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

/** The member's settings row, or the defaults when they never changed anything. */
export async function settingsOf(db: Db, userId: number): Promise<SettingsRow> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return orDefaults(userId, row);
}

/** A settings row read along with something else (a left join), or the defaults when there is none. */
export function orDefaults(userId: number, row: SettingsRow | null | undefined): SettingsRow {
  return (
    row ?? {
      userId,
      choices: {},
      quietStart: 22,
      quietEnd: 7,
      timeZone: DEFAULT_TIME_ZONE,
      newsConfirmedAt: null,
      updatedAt: new Date(0),
    }
  );
}

/** Kind × channel as the member chose, the calm defaults where they did not; the fixed kinds are fixed. */
export function choicesOf(row: SettingsRow): Record<NotificationKind, ChannelChoices> {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      isChoosable(kind) ? { ...DEFAULT_CHOICES[kind], ...row.choices[kind] } : DEFAULT_CHOICES[kind],
    ]),
  ) as Record<NotificationKind, ChannelChoices>;
}

/** Whether a channel is on for a kind; product news by mail only once the opt-in was confirmed. */
export function wants(row: SettingsRow, kind: NotificationKind, channel: NotificationChannel): boolean {
  if (kind === 'news' && channel === 'email' && !row.newsConfirmedAt) return false;
  return choicesOf(row)[kind][channel];
}

/**
 * `wants` as SQL over the member's `notification_settings` row (all columns null when they never chose
 * anything, as a left join gives it), so that notifying takes one statement (issue 18). The same rule:
 * a test holds the two forms to the same answers for every kind, channel and choice.
 */
export function wantsSql(kind: NotificationKind, channel: NotificationChannel): SQL {
  const fallback = sql.raw(String(DEFAULT_CHOICES[kind][channel]));
  if (!isChoosable(kind)) return fallback;
  const chosen = sql`coalesce((${notificationSettings.choices} -> ${sql.raw(`'${kind}'`)} ->> ${sql.raw(`'${channel}'`)})::boolean, ${fallback})`;
  if (kind === 'news' && channel === 'email') {
    return sql`(${chosen} and ${notificationSettings.newsConfirmedAt} is not null)`;
  }
  return chosen;
}

/**
 * One formatter per time zone for the life of the process: making an Intl.DateTimeFormat costs far
 * more than using one, and every chat message asks for the recipient's local hour (issue 18's profile).
 */
const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** The hour (0–23) at `now` in the member's time zone. */
function localHour(timeZone: string, now: Date): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return Number(format.format(now)) % 24;
}

/** Quiet hours [start, end) in the member's zone; 22–7 wraps past midnight; start = end means none. */
export function inQuietHours(row: SettingsRow, now = new Date()): boolean {
  const { quietStart: s, quietEnd: e } = row;
  if (s === e) return false;
  const h = localHour(row.timeZone, now);
  return s < e ? h >= s && h < e : h >= s || h < e;
}

/** The first moment after `now` outside quiet hours (searched in 15-minute steps, within a day). */
export function quietHoursEnd(row: SettingsRow, now = new Date()): Date {
  let t = new Date(Math.ceil(now.getTime() / 900_000) * 900_000);
  for (let i = 0; i < 100 && inQuietHours(row, t); i++) t = new Date(t.getTime() + 900_000);
  return t;
}

export function presentPreferences(ctx: AppContext, row: SettingsRow): NotificationPreferences {
  const choices = choicesOf(row);
  const newsEmail = row.newsConfirmedAt ? 'confirmed' : row.choices.news?.email ? 'pending' : 'off';
  return {
    choices: { ...choices, news: { ...choices.news, email: newsEmail === 'confirmed' } },
    quiet_hours: { start: row.quietStart, end: row.quietEnd },
    time_zone: row.timeZone,
    news_email: newsEmail,
    push_public_key: ctx.config.vapid.publicKey,
  };
}

/**
 * Stores the changed parts; of the choices only what differs from the calm defaults, so a client that
 * sends back every kind as it read them stores nothing new, and a request that changes nothing writes
 * nothing. Switching product news mail on only asks for it (the confirmation mail follows, UWG § 7);
 * switching it off also forgets an earlier confirmation. Answers whether a confirmation mail is due.
 */
export async function updatePreferences(
  ctx: AppContext,
  userId: number,
  input: UpdateNotificationPreferences,
): Promise<{ row: SettingsRow; confirmNews: boolean }> {
  const current = await settingsOf(ctx.db, userId);
  const choices = { ...current.choices };
  for (const [kind, given] of Object.entries(input.choices ?? {}) as [NotificationKind, ChannelChoices][]) {
    // A fixed kind arrives only as it is (the contract refuses anything else): nothing to store.
    if (!isChoosable(kind)) continue;
    const own = Object.entries({ ...choices[kind], ...given }).filter(
      ([channel, on]) => on !== DEFAULT_CHOICES[kind][channel as NotificationChannel],
    );
    if (own.length > 0) choices[kind] = Object.fromEntries(own);
    else delete choices[kind];
  }
  const newsWanted = Boolean(choices.news?.email);
  const confirmNews = newsWanted && !current.newsConfirmedAt && !current.choices.news?.email;
  const values = {
    choices,
    quietStart: input.quiet_hours?.start ?? current.quietStart,
    quietEnd: input.quiet_hours?.end ?? current.quietEnd,
    timeZone: input.time_zone ?? current.timeZone,
    newsConfirmedAt: newsWanted ? current.newsConfirmedAt : null,
    updatedAt: new Date(),
  };
  const unchanged =
    isDeepStrictEqual(choices, current.choices) &&
    values.quietStart === current.quietStart &&
    values.quietEnd === current.quietEnd &&
    values.timeZone === current.timeZone &&
    values.newsConfirmedAt === current.newsConfirmedAt;
  if (unchanged) return { row: current, confirmNews: false };
  const [row] = await ctx.db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values })
    .returning();
  return { row: row!, confirmNews };
}

/** The link in the confirmation mail was opened: product news by mail from now on (while still wanted). */
export async function confirmNews(ctx: AppContext, userId: number): Promise<boolean> {
  const row = await settingsOf(ctx.db, userId);
  if (!row.choices.news?.email) return false;
  await ctx.db
    .update(notificationSettings)
    .set({ newsConfirmedAt: row.newsConfirmedAt ?? new Date() })
    .where(eq(notificationSettings.userId, userId));
  return true;
}

/** One-click unsubscribe: the kind's mails off (product news also loses its confirmation); fixed kinds stay. */
export async function unsubscribe(ctx: AppContext, userId: number, kind: NotificationKind) {
  if (!isChoosable(kind)) return;
  await updatePreferences(ctx, userId, { choices: { [kind]: { email: false } } });
}
