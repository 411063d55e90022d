import type { AnswerStepBody } from '@trostnetz/contracts/questionnaire';
import type { AppContext } from '../../app-context.ts';
import type { Member } from '../../db/schema/users.ts';
import { matchAgain, saveStep } from '../questionnaire/onboarding.service.ts';

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
  await saveStep(ctx, member, step, answers);
  await matchAgain(ctx, member.id);
  return { matching_step: member.matchingStep, done: true };
}
