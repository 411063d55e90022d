import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { matchingProfiles } from '../../db/schema/matching.ts';
import { users } from '../../db/schema/users.ts';
import type { Answers, LoadedQuestion } from '../questionnaire/questionnaire.service.ts';
import { profileFromAnswers } from './match-profile.ts';

/**
 * Many members written straight into the database, for tests at 10,000 members and the benchmark at
 * 1,000,000 (issue 18): the accounts and their matching profiles, made from the answers by the matcher's
 * own profileFromAnswers, set-based (one statement per table and call, the columns as arrays), never
 * through the API. The answers themselves are not stored (the matcher reads only the profiles; a test
 * that rebuilds a profile saves that member's answers first). refreshActive(db, 'everyone') then fills
 * the matching pool.
 */

/** Who may be suggested: an active member; paused, asked to delete, unverified or answering again are not. */
export type MemberState = 'active' | 'paused' | 'deleting' | 'unverified' | 'reonboarding';

export interface GeneratedMember {
  answers: Answers;
  state?: MemberState;
}

/** A PostgreSQL array literal of strings, every element quoted. */
const arrayLiteral = (xs: string[]) => `{${xs.map((x) => `"${x.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

/** Inserts the members (emails `${prefix}-${i}@example.org`, i from `first`) and returns their ids in order. */
export async function insertMembers(
  db: Db,
  questions: LoadedQuestion[],
  members: GeneratedMember[],
  prefix: string,
  first = 0,
): Promise<number[]> {
  if (members.length === 0) return [];
  const state = (m: GeneratedMember) => m.state ?? 'active';
  const emails = members.map((_, i) => `${prefix}-${first + i}@example.org`);
  const inserted = await db.execute(sql`
    insert into ${users} (email, password_hash, nickname, is_verified, matching_step, matching_status,
      deletion_requested_at)
    select e, 'x', 'Member ' || n, v, s, m, case when d then now() end
    from unnest(${sql.param(emails)}::text[], ${sql.param(members.map((_, i) => first + i))}::int[],
      ${sql.param(members.map((m) => state(m) !== 'unverified'))}::boolean[],
      ${sql.param(members.map((m) => (state(m) === 'reonboarding' ? 3 : -1)))}::int[],
      ${sql.param(members.map((m) => state(m) !== 'paused'))}::boolean[],
      ${sql.param(members.map((m) => state(m) === 'deleting'))}::boolean[]) as x(e, n, v, s, m, d)
    returning id, email`);
  const idOf = new Map(
    (inserted.rows as Array<{ id: string | number; email: string }>).map((r) => [r.email, Number(r.id)]),
  );
  const ids = emails.map((e) => idOf.get(e)!);
  const profiles = members.map((m) => profileFromAnswers(questions, m.answers));
  const column = <T>(f: (p: (typeof profiles)[number]) => T) => sql.param(profiles.map(f));
  await db.execute(sql`
    insert into ${matchingProfiles} (user_id, role, gender, partner_genders, age_group, partner_ages,
      languages, tags, tag_bits, share_bits, language_bits, gender_bits, partner_gender_bits, age_bits,
      partner_age_bits)
    select u, r, g, pg::text[], a, pa::text[], l::text[], t::text[], b::varbit, sb, lb, gb, pgb, ab, pab
    from unnest(${sql.param(ids)}::bigint[], ${column((p) => p.role)}::text[], ${column((p) => p.gender)}::text[],
      ${column((p) => arrayLiteral(p.partnerGenders))}::text[], ${column((p) => p.ageGroup)}::text[],
      ${column((p) => arrayLiteral(p.partnerAges))}::text[], ${column((p) => arrayLiteral(p.languages))}::text[],
      ${column((p) => arrayLiteral(p.tags))}::text[], ${column((p) => p.tagBits)}::text[],
      ${column((p) => p.shareBits)}::int[], ${column((p) => p.languageBits)}::int[],
      ${column((p) => p.genderBits)}::int[], ${column((p) => p.partnerGenderBits)}::int[],
      ${column((p) => p.ageBits)}::int[], ${column((p) => p.partnerAgeBits)}::int[])
      as x(u, r, g, pg, a, pa, l, t, b, sb, lb, gb, pgb, ab, pab)`);
  return ids;
}
