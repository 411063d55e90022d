import { vmsg } from '@trostnetz/contracts/messages';
import type { AnswerStepBody } from '@trostnetz/contracts/questionnaire';
import type { AppContext } from '../../app-context.ts';
import type { Member } from '../../db/schema/users.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { isOnboarded } from '../../policies/members.ts';
import { rebuildProfile, refreshActive } from '../matching/matching.service.ts';
import { topUpSuggestions } from '../matching/suggestions.service.ts';
import { findActiveUser } from '../users/users.service.ts';
import { guardLossAnswers } from './loss-answers.ts';
import { QUESTIONNAIRE_STEPS } from './questionnaire.data.ts';
import {
  answersOf,
  loadQuestionnaire,
  saveAnswers,
  setMatchingStep,
  validateStep,
} from './questionnaire.service.ts';

/**
 * Saves one step. `matching_step` is the next step to answer (resumable); a member may go back to
 * earlier steps but not skip ahead. The last step completes onboarding (-1) and matches at once.
 */
export async function answerStep(
  ctx: AppContext,
  member: Member,
  step: number,
  answers: AnswerStepBody['answers'],
) {
  if (step > QUESTIONNAIRE_STEPS) throw validationError({ step: [vmsg('invalid')] });
  if (isOnboarded(member)) throw new AppError('conflict');
  const current = Math.max(member.matchingStep, 1);
  if (step > current) throw new AppError('conflict');
  await saveStep(ctx, member, step, answers);
  const next = step >= QUESTIONNAIRE_STEPS ? -1 : Math.max(current, step + 1);
  await setMatchingStep(ctx.db, member.id, next);
  if (next < 0) await matchAgain(ctx, member.id);
  return { matching_step: next, done: next < 0 };
}

/**
 * Validates one step's answers as the member's role asks (the role may be answered in this very step), holds
 * the kind-of-loss answers to their cool-down, and stores them. Onboarding and a later change share it, so a
 * changed answer is checked exactly as a first one.
 */
export async function saveStep(
  ctx: AppContext,
  member: Member,
  step: number,
  answers: AnswerStepBody['answers'],
) {
  if (step > QUESTIONNAIRE_STEPS) throw validationError({ step: [vmsg('invalid')] });
  const questions = await loadQuestionnaire(ctx.db);
  const stored = await answersOf(ctx.db, member.id);
  const given = answers.role ?? stored.role;
  const role = Array.isArray(given) && given[0] === 'supporter' ? 'supporter' : 'seeker';
  const clean = validateStep(questions, step, answers, role);
  await guardLossAnswers(ctx.db, member, questions, stored, clean);
  await saveAnswers(ctx.db, member.id, clean);
}

/** Rebuilds the member's matching profile from their answers and suggests at once from the new one. */
export async function matchAgain(ctx: AppContext, memberId: number) {
  await rebuildProfile(ctx.db, memberId);
  const fresh = await findActiveUser(ctx.db, memberId);
  if (fresh) await topUpSuggestions(ctx, fresh);
}

/** "Answer again": back to step 1 with the old answers pre-filled; not suggested meanwhile. */
export async function resetOnboarding(ctx: AppContext, member: Member) {
  await setMatchingStep(ctx.db, member.id, 1);
  await refreshActive(ctx.db, member.id);
  return { matching_step: 1, done: false };
}
