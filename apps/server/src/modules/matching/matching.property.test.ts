import { DEFAULT_VISIBILITY } from '@trostnetz/contracts/profile';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks } from '../../db/schema/safety.ts';
import { answerAll, type MemberTokens, registerMember, verifyMember } from '../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';
import { type LoadedQuestion, loadQuestionnaire } from '../questionnaire/questionnaire.service.ts';
import { FREE_SUGGESTIONS } from './matching.service.ts';
import {
  pairId,
  type RefAnswers,
  type RefCommunity,
  refCandidates,
  refPasses,
  refReasons,
} from './reference-scorer.test-support.ts';

/**
 * Issue 21: for random communities, the API's suggestions are exactly those of the plain reference
 * matcher (reference-scorer.test-support.ts): every suggestion passes every hard filter, nobody hidden
 * either way is suggested, and the reasons are the reference's. Each community has its own two
 * languages, so communities never see each other, while the language filter still decides inside one.
 */

let t: TestApp;
let questions: LoadedQuestion[];
beforeAll(async () => {
  t = await createTestApp();
  questions = await loadQuestionnaire(t.app.ctx.db);
});
afterAll(() => t.close());

// The mutation target (`matching` in stryker/targets.mjs) builds one community per mutant instead of three.
const LANGUAGE_PAIRS = (
  [
    ['tr', 'ar'],
    ['ru', 'uk'],
    ['pl', 'en'],
  ] as const
).slice(0, Number(process.env.MATCHING_PROPERTY_COMMUNITIES ?? 3));
const SIZE = 6;

const optionsOf = (key: string, n: number) =>
  questions
    .find((q) => q.key === key)!
    .options.slice(0, n)
    .map((o) => o.key);
const one = (xs: string[]) => fc.constantFrom(...xs).map((x) => [x]);
const some = (xs: string[]) => fc.subarray(xs, { minLength: 1 });

/** Answers drawn from few options each, so members often share some and differ in others. */
const answersArb = (languages: readonly string[]) =>
  fc.record({
    role: fc.constantFrom<string[]>(['seeker'], ['seeker'], ['supporter']),
    loss_kind: some(['parent', 'child', 'sibling']),
    loss_when: one(optionsOf('loss_when', 2)),
    support_kind: some(optionsOf('support_kind', 2)),
    age_group: one(optionsOf('age_group', 2)),
    partner_age: fc.subarray(optionsOf('age_group', 2)),
    gender: fc.constantFrom<string[]>([], ['female'], ['male']),
    partner_gender: fc.subarray(['female', 'male']),
    region: fc.oneof(fc.constant<string[]>([]), one(optionsOf('region', 2))),
    languages: some([...languages]),
  });

const communityArb = (languages: readonly string[]) =>
  fc.record({
    answers: fc.array(answersArb(languages), { minLength: SIZE, maxLength: SIZE }),
    paused: fc.array(fc.constantFrom(false, false, true), { minLength: SIZE, maxLength: SIZE }),
    hides: fc.uniqueArray(
      fc.tuple(fc.nat(SIZE - 1), fc.nat(SIZE - 1)).filter(([a, b]) => a !== b),
      { maxLength: 4, selector: ([a, b]) => `${a}>${b}` },
    ),
    order: fc.shuffledSubarray(
      Array.from({ length: SIZE }, (_, i) => i),
      { minLength: SIZE },
    ),
  });

type Suggestion = { id: number; is_suggestion: boolean; reason: unknown };

describe('matching properties (fast-check, reference matcher)', () => {
  it('matching rule: in random communities the suggestions, their order of choice, limits and reasons equal the reference matcher’s', async () => {
    await fc.assert(
      fc.asyncProperty(fc.tuple(...LANGUAGE_PAIRS.map(communityArb)), async (communities) => {
        for (const { answers, paused, hides, order } of communities) {
          const members: MemberTokens[] = [];
          const community: RefCommunity = { members: new Map(), hidden: new Set(), pairs: new Set() };
          // The model of the top-up: each member's open suggestions, and who was suggested back.
          const open = new Map<number, Set<number>>();
          const shared = new Map<string, string[]>();
          const topUp = (meId: number) => {
            const mine = open.get(meId)!;
            if (mine.size >= FREE_SUGGESTIONS) return;
            for (const c of refCandidates(questions, community, meId, FREE_SUGGESTIONS - mine.size)) {
              community.pairs.add(pairId(meId, c.id));
              shared.set(pairId(meId, c.id), c.shared);
              mine.add(c.id);
              const theirs = open.get(c.id)!;
              if (community.members.get(meId)!.suggestible && theirs.size < FREE_SUGGESTIONS)
                theirs.add(meId);
            }
          };
          for (const [i, a] of answers.entries()) {
            const m = await registerMember(t);
            await verifyMember(t, m);
            await answerAll(t, m, { ...a, about: 'Ich suche jemanden, der zuhört.' });
            members.push(m);
            // Finishing onboarding tops up at once (before this member pauses).
            community.members.set(m.id, { id: m.id, answers: a as RefAnswers, suggestible: true });
            open.set(m.id, new Set());
            topUp(m.id);
            if (paused[i]) {
              const res = await call(t, 'POST', '/api/user/matching/status', { token: m.token });
              expect(res.json.matching_status).toBe(false);
              community.members.get(m.id)!.suggestible = false;
            }
          }
          for (const [a, b] of hides) {
            await t.app.ctx.db
              .insert(blocks)
              .values({ blockerId: members[a]!.id, blockedId: members[b]!.id });
            community.hidden.add(`${members[a]!.id}>${members[b]!.id}`);
          }

          for (const i of order) {
            const me = members[i]!;
            const mine = open.get(me.id)!;
            topUp(me.id);
            // Hidden either way: the list never shows them (their place stays taken, as the API counts it).
            const visible = [...mine].filter(
              (id) =>
                !community.hidden.has(`${me.id}>${id}`) &&
                !community.hidden.has(`${id}>${me.id}`) &&
                community.members.get(id)!.suggestible,
            );
            const res = await call(t, 'GET', '/api/user/matching/suggestions', { token: me.token });
            expect(res.status).toBe(200);
            const got = (res.json.suggestions as Suggestion[]).sort((x, y) => x.id - y.id);
            const want = visible.sort((x, y) => x - y);
            expect(
              got.map((s) => s.id),
              `suggestions of member ${i} (${me.id}) of ${members.map((m) => m.id)}`,
            ).toEqual(want);
            for (const s of got) {
              // Both directions of every hard filter hold for a suggestion (it may have been found from either side).
              const meRef = community.members.get(me.id)!;
              const other = community.members.get(s.id)!;
              const free = { ...community, pairs: new Set<string>() };
              expect(
                refPasses(questions, free, meRef, other) || refPasses(questions, free, other, meRef),
              ).toBe(true);
              expect(
                community.hidden.has(`${me.id}>${s.id}`) || community.hidden.has(`${s.id}>${me.id}`),
              ).toBe(false);
              // Every member here keeps the default visibility: a question whose answer is shown to nobody
              // (where someone lives, decision 024) is no reason a suggestion names; what someone lost shows
              // as the one generic line whatever its visibility (decision 029).
              const shown = questions.filter(
                (q) => q.sensitive || (DEFAULT_VISIBILITY as Record<string, string>)[q.key] !== 'nobody',
              );
              expect(s.reason).toEqual(refReasons(shown, shared.get(pairId(me.id, s.id))!, 'de', false));
            }
            expect(res.json.limit).toBe(FREE_SUGGESTIONS);
          }
        }
      }),
      { numRuns: 1, endOnFailure: true },
    );
  }, 120_000);
});
