import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MemberTokens, onboardMember, registerMember, verifyMember } from '../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Reason = { question: string; answers: string[] };
const suggestedIds = async (m: MemberTokens) =>
  (
    (await call(t, 'GET', '/api/user/matching/suggestions', { token: m.token })).json.suggestions as Array<{
      id: number;
    }>
  ).map((s) => s.id);
const reasonOf = async (viewer: MemberTokens, other: number) =>
  (await call(t, 'GET', `/api/profile/${other}`, { token: viewer.token })).json.reason as Reason[];
const change = (m: MemberTokens, step: number, answers: unknown) =>
  call(t, 'PUT', `/api/profile/answers/${step}`, { token: m.token, body: { answers } });
const answersOf = async (m: MemberTokens) =>
  (await call(t, 'GET', '/api/onboarding/questionnaire', { token: m.token })).json.answers as Record<
    string,
    unknown
  >;

describe('PUT /api/profile/answers/{step}: answers can be changed later and matching follows', () => {
  it('new answers are saved, the member stays onboarded, new suggestions use them; stored reasons stay as computed', async () => {
    const group = { languages: ['pl'], region: ['de_bremen'] };
    const a = await onboardMember(t, { ...group, loss_kind: ['parent'], support_kind: ['listening'] });
    const b = await onboardMember(t, { ...group, loss_kind: ['parent'], support_kind: ['listening'] });
    expect(await suggestedIds(b)).toContain(a.id);
    const reasonBefore = await reasonOf(b, a.id);
    expect(reasonBefore).toContainEqual({
      question: 'Welche Art von Unterstützung wünschst du dir?',
      answers: ['Jemand, der zuhört'],
    });
    // Shares nothing with a's answers of today: no suggestion either way.
    const c = await onboardMember(t, { ...group, loss_kind: ['pet'], support_kind: ['regular'] });
    expect(await suggestedIds(c)).not.toContain(a.id);
    expect(await suggestedIds(a)).not.toContain(c.id);

    expect((await change(a, 3, { support_kind: ['regular'] })).status).toBe(200);
    // No shared loss yet (a hard filter): still no suggestion.
    expect(await suggestedIds(a)).not.toContain(c.id);
    const res = await change(a, 2, { loss_kind: ['parent', 'pet'], loss_when: ['3_12m'] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ matching_step: -1, done: true });
    expect(await answersOf(a)).toMatchObject({ loss_kind: ['parent', 'pet'], support_kind: ['regular'] });
    expect((await call(t, 'GET', '/api/profile/init', { token: a.token })).json.matching_step).toBe(-1);

    // Matching follows: c is suggested to a now, with the reason of the new answers.
    expect(await suggestedIds(a)).toContain(c.id);
    expect(await reasonOf(a, c.id)).toContainEqual({
      question: 'Welche Art von Unterstützung wünschst du dir?',
      answers: ['Regelmäßig schreiben'],
    });
    // Decision 005: the reason stored for a and b stays the one computed when they were matched.
    expect(await reasonOf(b, a.id)).toEqual(reasonBefore);
  });

  it('bad answers are 422 and change nothing; a step that does not exist is 422', async () => {
    const m = await onboardMember(t, { languages: ['uk'], region: ['at'] });
    const before = await answersOf(m);
    for (const [step, answers] of [
      [2, { loss_kind: ['not-an-option'], loss_when: ['3_12m'] }],
      [2, { loss_kind: [], loss_when: ['3_12m'] }],
      [7, { about: 'x'.repeat(501) }],
      [99, { about: 'x' }],
    ] as const) {
      const res = await change(m, step, answers);
      expect(res.status, JSON.stringify(answers)).toBe(422);
    }
    expect(
      (await call(t, 'PUT', '/api/profile/answers/abc', { token: m.token, body: { answers: {} } })).status,
    ).toBe(422);
    expect(await answersOf(m)).toEqual(before);
  });

  it('only after onboarding: a member still answering the questionnaire uses the onboarding steps (403)', async () => {
    const m = await registerMember(t);
    await verifyMember(t, m);
    const res = await change(m, 1, { role: ['seeker'] });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('onboarding_required');
    expect((await call(t, 'PUT', '/api/profile/answers/1', { body: { answers: {} } })).status).toBe(401);
  });
});
