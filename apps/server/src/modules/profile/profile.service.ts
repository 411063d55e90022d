import type { Locale } from '@trostnetz/contracts/messages';
import {
  type OwnProfile,
  PROFILE_ITEMS,
  type ProfileDetail,
  type UpdateProfileBody,
  type Visibility,
} from '@trostnetz/contracts/profile';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profileSettings } from '../../db/schema/profile.ts';
import type { Member } from '../../db/schema/users.ts';
import { mayShowItem, type Relation, visibilityOf } from '../../policies/profile.ts';
import { type Answers, type LoadedQuestion, saveAnswers } from '../questionnaire/questionnaire.service.ts';

/** The member's motto and stored visibility choices (none stored: no motto, the defaults). */
export async function profileSettingsOf(db: Db, userId: number) {
  const [row] = await db.select().from(profileSettings).where(eq(profileSettings.userId, userId));
  return { motto: row?.motto ?? null, visibility: row?.visibility ?? null };
}

export async function ownProfileOf(db: Db, member: Member): Promise<OwnProfile> {
  const settings = await profileSettingsOf(db, member.id);
  return {
    nickname: member.nickname,
    avatar: member.avatar || null,
    motto: settings.motto,
    about: member.about,
    visibility: visibilityOf(settings.visibility),
  };
}

/**
 * Saves what was sent. `about` is also the questionnaire's "Stell dich kurz vor" answer, so both change
 * together; visibility choices merge into the stored ones.
 */
export async function updateProfile(db: Db, member: Member, body: UpdateProfileBody): Promise<void> {
  if (body.about !== undefined) await saveAnswers(db, member.id, { about: body.about });
  if (body.motto === undefined && body.visibility === undefined) return;
  const motto = body.motto === undefined ? undefined : body.motto || null;
  const visibility = body.visibility ?? {};
  await db
    .insert(profileSettings)
    .values({ userId: member.id, motto: motto ?? null, visibility })
    .onConflictDoUpdate({
      target: profileSettings.userId,
      set: {
        ...(motto === undefined ? {} : { motto }),
        visibility: sql`${profileSettings.visibility} || ${JSON.stringify(visibility)}::jsonb`,
        updatedAt: new Date(),
      },
    });
}

/** The owner's own answers to the profile's question items that the viewer may see, in the viewer's language. */
export function profileDetails(
  questions: LoadedQuestion[],
  answers: Answers,
  visibility: Visibility,
  relation: Relation,
  locale: Locale,
): ProfileDetail[] {
  const details: ProfileDetail[] = [];
  for (const item of PROFILE_ITEMS) {
    const q = questions.find((x) => x.key === item);
    const given = answers[item];
    if (!q || !Array.isArray(given) || !mayShowItem(visibility, item, relation)) continue;
    const labels = given
      .map((key) => q.options.find((o) => o.key === key)?.label[locale])
      .filter((l): l is string => Boolean(l));
    if (labels.length) details.push({ key: item, question: q.title[locale], answers: labels });
  }
  return details;
}
