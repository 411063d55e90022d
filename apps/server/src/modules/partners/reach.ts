import type { ReachPrefs } from '@trostnetz/contracts/partners';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { questionnaireAnswers } from '../../db/schema/questionnaire.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';

const DAY_MS = 24 * 3600_000;

export async function reachPrefsOf(db: Db, me: number): Promise<ReachPrefs> {
  const [row] = await db
    .select({ same: users.requestsSameLossOnly, days: users.requestsMinAccountDays })
    .from(users)
    .where(eq(users.id, me));
  if (!row) throw new AppError('not_found');
  return { same_loss_only: row.same, min_account_days: row.days as ReachPrefs['min_account_days'] };
}

export async function saveReachPrefs(db: Db, me: number, input: ReachPrefs): Promise<ReachPrefs> {
  await db
    .update(users)
    .set({
      requestsSameLossOnly: input.same_loss_only,
      requestsMinAccountDays: input.min_account_days,
      updatedAt: new Date(),
    })
    .where(eq(users.id, me));
  return reachPrefsOf(db, me);
}

/** Whether two members named a kind of loss in common (the questionnaire's `loss_kind`). */
async function shareALoss(db: Db, a: number, b: number): Promise<boolean> {
  const mine = db
    .select({ keys: questionnaireAnswers.optionKeys })
    .from(questionnaireAnswers)
    .where(and(eq(questionnaireAnswers.userId, a), eq(questionnaireAnswers.questionKey, 'loss_kind')));
  const [row] = await db
    .select({ shared: sql<boolean>`${questionnaireAnswers.optionKeys} && (${mine})` })
    .from(questionnaireAnswers)
    .where(and(eq(questionnaireAnswers.userId, b), eq(questionnaireAnswers.questionKey, 'loss_kind')));
  return Boolean(row?.shared);
}

/**
 * Whether a friend request from `sender` is kept from `recipient` by the recipient's "who may reach me"
 * choices: an account younger than their minimum (exactly that many days old passes), or, when they
 * asked for it, no kind of loss in common. Only the outcome is used, and only to hold the request: the
 * sender's answers stay those of a request not yet answered (decision 029: what someone lost is learnt
 * from nobody).
 */
export async function keptFromRecipient(db: Db, sender: number, recipient: number, now = new Date()) {
  const prefs = await reachPrefsOf(db, recipient);
  const [who] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, sender));
  if (!who) return true;
  if (now.getTime() - who.createdAt.getTime() < prefs.min_account_days * DAY_MS) return true;
  return prefs.same_loss_only && !(await shareALoss(db, sender, recipient));
}
