import { eq } from 'drizzle-orm';
import { matchingPool, matchingPoolTables, matchingProfiles } from '../../db/schema/matching.ts';
import { questionnaireAnswers } from '../../db/schema/questionnaire.ts';
import { users } from '../../db/schema/users.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';
import { answersOf, loadQuestionnaire } from './questionnaire.service.ts';

/**
 * The answers (health data, DSGVO Art. 9) and what matching derives from them, the profile and its rows
 * in the matching pool (decision 017; the export's matching_profile tells what they say): all go.
 */
export const questionnaireData = defineMemberData({
  module: 'questionnaire',
  tables: ['questionnaire_answers', 'matching_profiles', ...matchingPoolTables],
  async exportMember(ctx, userId) {
    const [user] = await ctx.db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
    const locale = user?.locale ?? 'de';
    const [questions, answers, profiles] = await Promise.all([
      loadQuestionnaire(ctx.db),
      answersOf(ctx.db, userId),
      ctx.db.select().from(matchingProfiles).where(eq(matchingProfiles.userId, userId)),
    ]);
    return {
      answers: questions
        .filter((q) => Object.hasOwn(answers, q.key))
        .map((q) => {
          const given = answers[q.key]!;
          return {
            question: q.title[locale],
            answers: Array.isArray(given)
              ? given.map((key) => q.options.find((o) => o.key === key)?.label[locale] ?? key)
              : [given],
          };
        }),
      matching_profile: profiles[0]
        ? { role: profiles[0].role, suggested_to_others: profiles[0].active }
        : null,
    };
  },
  async eraseMember(_ctx, userId, tx) {
    await tx.delete(questionnaireAnswers).where(eq(questionnaireAnswers.userId, userId));
    await tx.delete(matchingPool).where(eq(matchingPool.userId, userId));
    await tx.delete(matchingProfiles).where(eq(matchingProfiles.userId, userId));
  },
});
