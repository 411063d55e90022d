import { vmsg } from '@trostnetz/contracts/messages';
import type { AnswerStepBody } from '@trostnetz/contracts/questionnaire';
import type { AppContext } from '../../app-context.ts';
import type { Member } from '../../db/schema/users.ts';
import { validationError } from '../../lib/app-error.ts';
import { rebuildProfile } from '../matching/matching.service.ts';
import { topUpSuggestions } from '../matching/suggestions.service.ts';
import { guardLossAnswers } from '../questionnaire/loss-answers.ts';
import { QUESTIONNAIRE_STEPS } from '../questionnaire/questionnaire.data.ts';
import {
  answersOf,
  loadQuestionnaire,
  saveAnswers,
  validateStep,
} from '../questionnaire/questionnaire.service.ts';
import { findActiveUser } from '../users/users.service.ts';

/**
 * Changes one step of an onboarded member's answers (the onboarding steps, the same validation) and
 * lets matching follow at once: the matching profile is rebuilt and new suggestions use the new
 * answers. Reasons already stored on pairs stay as the matcher computed them (decision 005).
 */
export async function changeAnswers(
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
  await rebuildProfile(ctx.db, member.id);
  const fresh = await findActiveUser(ctx.db, member.id);
  if (fresh) await topUpSuggestions(ctx, fresh);
  return { matching_step: member.matchingStep, done: true };
}
