import { vmsg } from '@trostnetz/contracts/messages';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Member, users } from '../../db/schema/users.ts';
import { validationError } from '../../lib/app-error.ts';
import type { Answers, LoadedQuestion } from './questionnaire.service.ts';

/**
 * What someone lost, and how long ago, can change once in this many days after onboarding (decision 029).
 * Every suggestion shares a kind of loss, so a member who could answer again at will could try one kind after
 * another and learn, from whom they are suggested, what each of the others lost.
 */
export const LOSS_ANSWERS_COOLDOWN_DAYS = 30;
const DAY_MS = 86_400_000;

const asSet = (v: Answers[string] | undefined) =>
  [...new Set(Array.isArray(v) ? v : v ? [v] : [])].sort().join('\n');

/** The sensitive questions (health data) whose given answers differ from the stored ones. */
export function changedLossAnswers(questions: LoadedQuestion[], stored: Answers, given: Answers): string[] {
  return questions
    .filter((q) => q.sensitive && q.key in given && asSet(given[q.key]) !== asSet(stored[q.key]))
    .map((q) => q.key);
}

/** Until when a member's loss answers stay as they are, or null when they may change now. */
export function lossAnswersLockedUntil(changedAt: Date | null, now = new Date()): Date | null {
  if (!changedAt) return null;
  const until = new Date(changedAt.getTime() + LOSS_ANSWERS_COOLDOWN_DAYS * DAY_MS);
  return until > now ? until : null;
}

/**
 * The cool-down, before answers are saved. The first onboarding is free (nothing was suggested from it yet);
 * after it, a change of the loss answers is refused within the cool-down with a message on each changed
 * question, and otherwise recorded on the account, so signing out or answering again does not reset it.
 */
export async function guardLossAnswers(
  db: Db,
  member: Pick<Member, 'id' | 'onboardedAt' | 'lossAnswersChangedAt'>,
  questions: LoadedQuestion[],
  stored: Answers,
  given: Answers,
  now = new Date(),
) {
  if (!member.onboardedAt) return;
  const changed = changedLossAnswers(questions, stored, given);
  if (!changed.length) return;
  if (lossAnswersLockedUntil(member.lossAnswersChangedAt, now)) {
    throw validationError(
      Object.fromEntries(
        changed.map((k) => [`answers.${k}`, [vmsg('loss_cooldown', LOSS_ANSWERS_COOLDOWN_DAYS)]]),
      ),
    );
  }
  await db.update(users).set({ lossAnswersChangedAt: now }).where(eq(users.id, member.id));
}
