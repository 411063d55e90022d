import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerships } from '../../db/schema/partnerships.ts';
import { type AnswerOverrides, type MemberTokens, onboardMember } from '../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';
import { findCandidates } from './matching.service.ts';

/**
 * Issue 21: the member with several kinds of loss (findCandidates first asks those who share all of them,
 * and stops there only when nobody else can reach a place) and the top-up's other side. Each community
 * has its own language in this file's own database. A free member gets three suggestions.
 *
 * The member asking: lost a parent and a child (2 × 5), plus when 2, support 3, age 1, region 2: 18 points.
 * Anyone who misses one of the two losses reaches at most 18 − 5 = 13.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ids = (ms: MemberTokens[]) => ms.map((m) => m.id).sort((a, b) => a - b);
const suggestionsOf = async (m: MemberTokens) =>
  (
    (await call(t, 'GET', '/api/user/matching/suggestions', { token: m.token })).json.suggestions as {
      id: number;
    }[]
  )
    .map((s) => s.id)
    .sort((a, b) => a - b);

const bothLosses = { loss_kind: ['parent', 'child'] };
// Shares both losses but neither when nor support: 10 + age 1 + region 2 = 13.
const sharesAllScoring13 = { ...bothLosses, loss_when: ['lt_3m'], support_kind: ['experience'] };
// Shares both losses, nothing of when, support or region: 10 + age 1 = 11.
const sharesAllScoring11 = { ...sharesAllScoring13, region: ['de_hamburg'] };
// Shares one loss and everything else: 5 + 2 + 3 + 1 + 2 = 13.
const sharesOneScoring13 = { loss_kind: ['parent'] };

async function community(languages: string[], members: AnswerOverrides[]) {
  const joined: MemberTokens[] = [];
  for (const m of members) joined.push(await onboardMember(t, { ...m, languages }));
  // The member asking joins last, so the others' top-ups have not filled their list.
  const me = await onboardMember(t, { ...bothLosses, languages });
  return { me, joined };
}

describe('matching: several kinds of loss (issue 21)', () => {
  it('matching rule: a member who shares one loss and ties with the third who share all takes the place by the newer account (score, then id)', async () => {
    const { me, joined } = await community(
      ['de'],
      [sharesAllScoring13, sharesAllScoring13, sharesAllScoring13, sharesOneScoring13],
    );
    const [, s2, s3, one] = joined;
    expect(await suggestionsOf(me)).toEqual(ids([s2!, s3!, one!]));
  });

  it('matching rule: a member who shares one loss but scores higher than those who share all comes first', async () => {
    const { me, joined } = await community(
      ['uk'],
      [sharesAllScoring11, sharesAllScoring11, sharesAllScoring11, sharesOneScoring13],
    );
    const [, s2, s3, one] = joined;
    expect(await suggestionsOf(me)).toEqual(ids([s2!, s3!, one!]));
  });

  it('matching rule: when those who share all score above what anyone else can reach, they are the answer', async () => {
    // Sharing everything: 18 each, above the 13 anyone sharing one loss can reach.
    const { me, joined } = await community(['tr'], [sharesOneScoring13, bothLosses, bothLosses, bothLosses]);
    const [, a, b, c] = joined;
    expect(await suggestionsOf(me)).toEqual(ids([a!, b!, c!]));
  });

  it('matching rule: asked for no candidates, the matcher finds none', async () => {
    // Four who share all (18 each): three are suggested at once, the first to join is left.
    const { me, joined } = await community(['pl'], [bothLosses, bothLosses, bothLosses, bothLosses]);
    expect(await findCandidates(t.app.ctx.db, me.id, 0)).toEqual([]);
    expect((await findCandidates(t.app.ctx.db, me.id, 1)).map((c) => c.id)).toEqual([joined[0]!.id]);
  });
});

describe('matching: the other side of a match (issue 21)', () => {
  it('top-up rule: a paused member’s new matches are kept on their side only, not offered back to the other', async () => {
    const paused = await onboardMember(t, { languages: ['ru'] });
    expect(
      (await call(t, 'POST', '/api/user/matching/status', { token: paused.token })).json.matching_status,
    ).toBe(false);
    const other = await onboardMember(t, { languages: ['ru'] });
    expect(await suggestionsOf(other)).toEqual([]);
    expect(await suggestionsOf(paused)).toEqual([other.id]);
    const [row] = await t.app.ctx.db
      .select()
      .from(partnerships)
      .where(and(eq(partnerships.userLow, paused.id), eq(partnerships.userHigh, other.id)));
    expect(row?.suggestedLowAt).toBeInstanceOf(Date);
    expect(row?.suggestedHighAt).toBeNull();
  });

  it('suggestion rule: a partner is listed among partners, never among the suggestions', async () => {
    const a = await onboardMember(t, { languages: ['ar'] });
    const b = await onboardMember(t, { languages: ['ar'] });
    expect(await suggestionsOf(a)).toEqual([b.id]);
    await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} });
    expect(
      (await call(t, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: b.token, body: {} })).status,
    ).toBe(200);
    expect(await suggestionsOf(a)).toEqual([]);
    expect(await suggestionsOf(b)).toEqual([]);
  });
});
