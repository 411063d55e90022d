import type { Locale } from '@trostnetz/contracts/messages';
import type { Partner } from '@trostnetz/contracts/partners';
import { and, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { partnerships } from '../../db/schema/matching.ts';
import { AppError } from '../../lib/app-error.ts';
import { closeConversationChannel } from '../chat/chat.service.ts';
import { mailTemplate } from '../mail/templates.ts';
import { findActiveUser } from '../users/users.service.ts';
import { ensurePair, transitionPair } from './pairs.ts';
import { partnerEntry } from './partners.service.ts';
import { befriendedPartner, visibleMember } from './visibility.ts';

export const REQUEST_EXPIRY_DAYS = 14;
type Action = 'send' | 'accept' | 'deny' | 'retract' | 'remove';

/** SPEC.md §4 Friendship: each action's states before and after, from the actor's and the other's side. */
const machine: Record<
  Action,
  { from: { mine: number; theirs: number }; to: { mine: number; theirs: number } }
> = {
  send: { from: { mine: 3, theirs: 3 }, to: { mine: 0, theirs: 1 } },
  accept: { from: { mine: 1, theirs: 0 }, to: { mine: 2, theirs: 2 } },
  deny: { from: { mine: 1, theirs: 0 }, to: { mine: 3, theirs: 3 } },
  retract: { from: { mine: 0, theirs: 1 }, to: { mine: 3, theirs: 3 } },
  remove: { from: { mine: 2, theirs: 2 }, to: { mine: 3, theirs: 3 } },
};

export const actionMessages: Record<Exclude<Action, 'send'>, Record<Locale, string>> = {
  accept: { de: 'Ihr seid jetzt Trostpartner.', en: 'You are now support partners.' },
  deny: { de: 'Die Anfrage wurde abgelehnt.', en: 'The request has been declined.' },
  retract: { de: 'Deine Anfrage wurde zurückgezogen.', en: 'Your request has been withdrawn.' },
  remove: { de: 'Die Verbindung wurde beendet.', en: 'The connection has been ended.' },
};

export interface FriendActionResult {
  partner: Partner;
}

/** Runs one friendship action for `me` towards `otherId`, then tells the other member live. */
export async function friendAction(
  ctx: AppContext,
  me: number,
  otherId: number,
  action: Action,
  message: string | undefined,
  locale: Locale,
): Promise<Partner> {
  const other = await visibleMember(ctx.db, me, otherId);
  // A partner whose account was deleted (or who started the questionnaire again) can still be removed;
  // anyone else out of sight is "not found", exactly like an id that does not exist.
  const otherRow = other ?? (action === 'remove' ? await befriendedPartner(ctx.db, me, otherId) : undefined);
  if (!otherRow) throw new AppError('not_found');
  if (action === 'send') {
    if (!otherRow.matchingStatus) throw new AppError('member_unavailable');
    await ensurePair(ctx.db, me, otherId);
  }
  const step = machine[action];
  const now = new Date();
  const extra =
    action === 'send'
      ? { requestedBy: me, requestMessage: message ?? null, requestedAt: now }
      : action === 'accept'
        ? { befriendedAt: now }
        : // Back to "none": not offered to each other again as suggestions.
          {
            requestedBy: null,
            requestMessage: null,
            requestedAt: null,
            dismissedLowAt: now,
            dismissedHighAt: now,
          };
  const row = await transitionPair(ctx.db, me, otherId, step.from, step.to, extra);
  if (!row) throw new AppError('friendship_state');
  if (action === 'remove') closeConversationChannel(ctx, row.id);
  await notifyOther(ctx, me, otherRow, action, message);
  const mine = await partnerEntry(ctx, me, otherId, locale);
  if (!mine) throw new AppError('not_found');
  return mine;
}

async function notifyOther(
  ctx: AppContext,
  me: number,
  other: { id: number; email: string; nickname: string; locale: Locale },
  action: Action,
  message: string | undefined,
) {
  const contact = await partnerEntry(ctx, other.id, me, other.locale);
  if (!contact) return;
  const b = ctx.broadcaster;
  const status = {
    status: contact.friend_status,
    user_id: other.id,
    foreign_user_id: me,
    message: message ?? null,
  };
  if (action === 'send') {
    b.toMember(other.id, 'chat_contacts', { contact, friend_status: contact.friend_status });
    const sender = await findActiveUser(ctx.db, me);
    ctx.mailer.queue(
      mailTemplate(
        'friendRequest',
        other.locale,
        ctx.config.appName,
        other,
        `${ctx.config.appUrl}/friend-request/${me}`,
        {
          name: sender?.nickname ?? '',
          message: message ?? '',
        },
      ),
    );
  } else if (action === 'accept') {
    b.toMember(other.id, 'friendship_accepted', {
      contact,
      friend_status: contact.friend_status,
      message: message ?? null,
    });
    b.toMember(other.id, 'partner_status_changed', status);
  } else {
    if (action !== 'remove') b.toMember(other.id, 'friend_requests_changed', status);
    b.toMember(other.id, 'partner_status_changed', status);
  }
}

/**
 * Requests with no answer for 14 days expire kindly: both sides go back to "none", the requester
 * gets a gentle note and both lists refresh live. Safe to run on several nodes at once.
 */
export async function expireStaleRequests(ctx: AppContext, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REQUEST_EXPIRY_DAYS * 24 * 3600_000);
  const expired = await ctx.db
    .update(partnerships)
    .set({
      statusLow: 3,
      statusHigh: 3,
      requestMessage: null,
      requestedAt: null,
      dismissedLowAt: now,
      dismissedHighAt: now,
      updatedAt: now,
    })
    .where(
      and(
        lt(partnerships.requestedAt, cutoff),
        or(
          and(sql`${partnerships.statusLow} = 0`, sql`${partnerships.statusHigh} = 1`),
          and(sql`${partnerships.statusLow} = 1`, sql`${partnerships.statusHigh} = 0`),
        ),
      ),
    )
    .returning({ low: partnerships.userLow, high: partnerships.userHigh, by: partnerships.requestedBy });
  for (const e of expired) {
    const requesterId = e.by ?? e.low;
    const otherId = requesterId === e.low ? e.high : e.low;
    const [requester, other] = await Promise.all([
      findActiveUser(ctx.db, requesterId),
      findActiveUser(ctx.db, otherId),
    ]);
    for (const [who, foreign] of [
      [requesterId, otherId],
      [otherId, requesterId],
    ] as const) {
      ctx.broadcaster.toMember(who, 'partner_status_changed', {
        status: 3,
        user_id: who,
        foreign_user_id: foreign,
        message: null,
      });
    }
    if (requester && other) {
      ctx.mailer.queue(
        mailTemplate(
          'requestExpired',
          requester.locale,
          ctx.config.appName,
          requester,
          `${ctx.config.appUrl}/dashboard`,
          {
            name: other.nickname,
            message: '',
          },
        ),
      );
    }
  }
  return expired.length;
}
