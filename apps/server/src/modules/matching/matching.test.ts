import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAll, onboardMember, registerMember, verifyMember } from '../../test/factories.ts';
import { call, createTestApp, type Json, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type P = {
  id: number;
  friend_status: number;
  is_suggestion: boolean;
  reason: { question: string; answers: string[] }[];
};
const suggestionsOf = async (token: string, locale: 'de' | 'en' = 'de') =>
  ((await call(t, 'GET', '/api/user/matching/suggestions', { token, locale })).json.suggestions as P[]) ?? [];
const ids = (ps: P[]) => ps.map((p) => p.id);

describe('onboarding questionnaire', () => {
  it('is served from data in German and English with the member’s next step', async () => {
    const m = await registerMember(t);
    await verifyMember(t, m);
    const de = await call(t, 'GET', '/api/onboarding/questionnaire', { token: m.token });
    expect(de.status).toBe(200);
    expect(de.json.matching_step).toBe(0);
    const questions = de.json.questions as Json[];
    expect(questions.find((q) => q.key === 'role')?.title).toBe('Wie möchtest du hier dabei sein?');
    const en = await call(t, 'GET', '/api/onboarding/questionnaire', { token: m.token, locale: 'en' });
    expect((en.json.questions as Json[]).find((q) => q.key === 'role')?.title).toBe(
      'How would you like to take part?',
    );
  });

  it('issue 9 item 17: titles and help texts never say "optional" themselves; the client marks it from `required` once', async () => {
    const m = await registerMember(t);
    await verifyMember(t, m);
    for (const locale of ['de', 'en'] as const) {
      const q = await call(t, 'GET', '/api/onboarding/questionnaire', { token: m.token, locale });
      const marked = (q.json.questions as Json[]).filter((x) =>
        /freiwillig|optional/i.test(`${x.title} ${x.help ?? ''}`),
      );
      expect(marked.map((x) => x.key)).toEqual([]);
    }
  });

  it('is resumable: matching_step is the next step, steps cannot be skipped, earlier ones can be changed', async () => {
    const m = await registerMember(t);
    await verifyMember(t, m);
    const step = (n: number, answers: Json) =>
      call(t, 'POST', `/api/onboarding/steps/${n}`, { token: m.token, body: { answers } });
    expect((await step(2, { loss_kind: ['parent'], loss_when: ['lt_3m'] })).status).toBe(409);
    expect((await step(1, { role: ['seeker'] })).json).toEqual({ matching_step: 2, done: false });
    expect((await step(1, { role: ['supporter'] })).json).toEqual({ matching_step: 2, done: false });
    const init = await call(t, 'GET', '/api/profile/init', { token: m.token });
    expect(init.json.matching_step).toBe(2);
    const q = await call(t, 'GET', '/api/onboarding/questionnaire', { token: m.token });
    expect((q.json.answers as Json).role).toEqual(['supporter']);
  });

  it('refuses unknown options, missing required answers and foreign questions with 422, saving nothing', async () => {
    const m = await registerMember(t);
    await verifyMember(t, m);
    const step = (answers: unknown) =>
      call(t, 'POST', '/api/onboarding/steps/1', { token: m.token, body: { answers } });
    const unknown = await step({ role: ['astronaut'] });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors).toEqual({ 'answers.role': ['Diese Angabe ist ungültig.'] });
    expect((await step({})).json.errors).toEqual({ 'answers.role': ['Diese Angabe ist notwendig.'] });
    expect((await step({ role: ['seeker'], about: 'x' })).status).toBe(422);
    expect((await step({ role: ['seeker', 'supporter'] })).status).toBe(422);
    expect((await step('nonsense')).status).toBe(422);
    expect(
      (await call(t, 'POST', '/api/onboarding/steps/99', { token: m.token, body: { answers: {} } })).status,
    ).toBe(422);
    expect(
      (await call(t, 'POST', '/api/onboarding/steps/abc', { token: m.token, body: { answers: {} } })).status,
    ).toBe(422);
    expect((await call(t, 'GET', '/api/profile/init', { token: m.token })).json.matching_step).toBe(0);
  });

  it('SPEC §6: unverified members cannot answer (403); guests get 401', async () => {
    const m = await registerMember(t);
    expect((await call(t, 'GET', '/api/onboarding/questionnaire', { token: m.token })).status).toBe(403);
    expect((await call(t, 'GET', '/api/onboarding/questionnaire')).status).toBe(401);
  });

  it('the last step completes onboarding (matching_step -1) and suggestions come at once', async () => {
    const a = await onboardMember(t, { loss_kind: ['child'], languages: ['tr'] });
    const b = await registerMember(t);
    await verifyMember(t, b);
    await answerAll(t, b, { loss_kind: ['child'], languages: ['tr'] });
    expect((await call(t, 'GET', '/api/profile/init', { token: b.token })).json.matching_step).toBe(-1);
    expect(ids(await suggestionsOf(b.token))).toContain(a.id);
  });
});

describe('matching', () => {
  it('suggests members in a similar situation and says why ("Warum ihr passt")', async () => {
    const a = await onboardMember(t, { loss_kind: ['sibling'], languages: ['pl'], region: ['de_bremen'] });
    const b = await onboardMember(t, {
      loss_kind: ['sibling', 'friend'],
      languages: ['pl'],
      region: ['de_bremen'],
    });
    const s = (await suggestionsOf(b.token)).find((p) => p.id === a.id)!;
    expect(s).toMatchObject({ friend_status: 3, is_suggestion: true });
    // Health data only as the one generic line (decisions 005, 029).
    expect(s.reason).toEqual(
      expect.arrayContaining([
        { question: 'Was euch verbinden kann', answers: ['Ihr habt vielleicht etwas gemeinsam'] },
        { question: 'Welche Art von Unterstützung wünschst du dir?', answers: ['Jemand, der zuhört'] },
      ]),
    );
    const en = (await suggestionsOf(b.token, 'en')).find((p) => p.id === a.id)!;
    expect(en.reason).toEqual(
      expect.arrayContaining([
        { question: 'What may connect you', answers: ['You may have something in common'] },
      ]),
    );
  });

  it('hard filters: no shared language, gender preference, age preference, supporter with supporter', async () => {
    const lang = 'uk';
    const base = { loss_kind: ['pet'], languages: [lang] };
    const seeker = await onboardMember(t, {
      ...base,
      gender: ['male'],
      partner_gender: ['female'],
      partner_age: ['36_50'],
    });
    const otherLanguage = await onboardMember(t, { ...base, languages: ['ar'], gender: ['female'] });
    const wrongGender = await onboardMember(t, { ...base, gender: ['male'] });
    const wrongAge = await onboardMember(t, { ...base, gender: ['female'], age_group: ['66_plus'] });
    const excludesMen = await onboardMember(t, { ...base, gender: ['female'], partner_gender: ['female'] });
    const fits = await onboardMember(t, { ...base, gender: ['female'] });
    const sug = ids(await suggestionsOf(seeker.token));
    expect(sug).toContain(fits.id);
    for (const m of [otherLanguage, wrongGender, wrongAge, excludesMen]) expect(sug).not.toContain(m.id);

    const sup1 = await onboardMember(t, { loss_kind: ['illness'], languages: ['ru'], role: ['supporter'] });
    const sup2 = await onboardMember(t, { loss_kind: ['illness'], languages: ['ru'], role: ['supporter'] });
    expect(ids(await suggestionsOf(sup2.token))).not.toContain(sup1.id);
    const seeker2 = await onboardMember(t, { loss_kind: ['illness'], languages: ['ru'] });
    expect(ids(await suggestionsOf(seeker2.token))).toEqual(expect.arrayContaining([sup1.id, sup2.id]));
  });

  it("zero suggestions say which of the member's own wishes cause them: the one whose widening finds someone, else both together, else none", async () => {
    const suggestions = async (token: string) =>
      (await call(t, 'GET', '/api/user/matching/suggestions', { token })).json;
    const wishes = { gender: ['male'], partner_gender: ['female'], partner_age: ['36_50'] };
    // Only a man of the wished age shares the loss and language: the gender wish alone leaves nobody.
    const one = { loss_kind: ['illness'], languages: ['uk'] };
    await onboardMember(t, { ...one, gender: ['male'], age_group: ['36_50'] });
    const narrowed = await onboardMember(t, { ...one, ...wishes, age_group: ['36_50'] });
    expect(await suggestions(narrowed.token)).toMatchObject({
      suggestions: [],
      narrowed_by: ['partner_gender'],
    });
    // Once someone fits, nothing is said to narrow.
    await onboardMember(t, { ...one, gender: ['female'], age_group: ['36_50'] });
    const fits = await onboardMember(t, { ...one, ...wishes, age_group: ['36_50'] });
    const found = await suggestions(fits.token);
    expect((found.suggestions as P[]).length).toBeGreaterThan(0);
    expect(found.narrowed_by).toEqual([]);

    // Only a man of another age: neither wish alone, both together.
    const two = { loss_kind: ['friend'], languages: ['tr'] };
    await onboardMember(t, { ...two, gender: ['male'], age_group: ['66_plus'] });
    const both = await onboardMember(t, { ...two, ...wishes, age_group: ['36_50'] });
    expect((await suggestions(both.token)).narrowed_by).toEqual(['partner_gender', 'partner_age']);

    // Nobody at all, or no wishes of one's own: nothing to widen.
    const alone = await onboardMember(t, { loss_kind: ['pet'], languages: ['pl'], ...wishes });
    expect(await suggestions(alone.token)).toMatchObject({ suggestions: [], narrowed_by: [] });
    const open = await onboardMember(t, { loss_kind: ['pet'], languages: ['tr'] });
    expect((await suggestions(open.token)).narrowed_by).toEqual([]);
  });

  it('free members see three suggestions; "more suggestions" passes them over for new ones', async () => {
    const group = { loss_kind: ['suicide'], languages: ['en'], region: ['ch'] };
    for (let i = 0; i < 5; i++) await onboardMember(t, group);
    const me = await onboardMember(t, group);
    const first = await call(t, 'GET', '/api/user/matching/suggestions', { token: me.token });
    expect(first.json.limit).toBe(3);
    expect((first.json.suggestions as P[]).length).toBe(3);
    const more = await call(t, 'POST', '/api/user/matching/suggestions/more', { token: me.token });
    const next = ids(more.json.suggestions as P[]);
    expect(next.length).toBe(2);
    for (const id of ids(first.json.suggestions as P[])) expect(next).not.toContain(id);
  });

  it('SPEC §4 Matching: the status toggles and answers {success}; paused members are not suggested', async () => {
    const a = await onboardMember(t, { loss_kind: ['separation'], languages: ['ar'] });
    const res = await call(t, 'POST', '/api/user/matching/status', { token: a.token });
    expect(res.json).toEqual({ success: true, matching_status: false });
    const b = await onboardMember(t, { loss_kind: ['separation'], languages: ['ar'] });
    expect(ids(await suggestionsOf(b.token))).not.toContain(a.id);
    expect((await call(t, 'POST', '/api/user/matching/status', { token: a.token })).json).toEqual({
      success: true,
      matching_status: true,
    });
    const c = await onboardMember(t, { loss_kind: ['separation'], languages: ['ar'] });
    expect(ids(await suggestionsOf(c.token))).toContain(a.id);
  });

  it('reset sends the member back to step 1 and keeps them out of suggestions until done again', async () => {
    const a = await onboardMember(t, { loss_kind: ['pregnancy'], languages: ['ru'], region: ['at'] });
    expect((await call(t, 'POST', '/api/user/matching/reset', { token: a.token })).json).toEqual({
      matching_step: 1,
      done: false,
    });
    const b = await onboardMember(t, { loss_kind: ['pregnancy'], languages: ['ru'], region: ['at'] });
    expect(ids(await suggestionsOf(b.token))).not.toContain(a.id);
    expect((await call(t, 'GET', '/api/user/matching/suggestions', { token: a.token })).status).toBe(403);
  });

  it('members who have not finished onboarding are refused with 403 onboarding_required', async () => {
    const m = await registerMember(t);
    await verifyMember(t, m);
    const res = await call(t, 'GET', '/api/chat/partners', { token: m.token });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('onboarding_required');
  });
});
