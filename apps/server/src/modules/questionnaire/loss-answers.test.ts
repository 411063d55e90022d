import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import {
  answerAll,
  type MemberTokens,
  onboardMember,
  registerMember,
  signInFrom,
  verifyMember,
} from '../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';
import { LOSS_ANSWERS_COOLDOWN_DAYS } from './loss-answers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const change = (m: MemberTokens, answers: Record<string, string[]>, locale: 'de' | 'en' = 'de') =>
  call(t, 'PUT', '/api/profile/answers/2', { token: m.token, body: { answers }, locale });
const storedLoss = async (m: MemberTokens) =>
  (await call(t, 'GET', '/api/onboarding/questionnaire', { token: m.token })).json.answers as Record<
    string,
    string[]
  >;
/** Moves the start of the member's cool-down to `ms` before now, as if that much time had passed. */
const changedAgo = (m: MemberTokens, ms: number) =>
  t.app.ctx.db
    .update(users)
    .set({ lossAnswersChangedAt: new Date(Date.now() - ms) })
    .where(eq(users.id, m.id));
const suggestedIds = async (m: MemberTokens) =>
  (
    (await call(t, 'GET', '/api/user/matching/suggestions', { token: m.token })).json.suggestions as Array<{
      id: number;
    }>
  ).map((s) => s.id);

describe('loss answers cool-down: what someone lost cannot be re-answered at will to label others', () => {
  it('loss answers cool-down: one change after onboarding, then none for 30 days, on both sides of the limit', async () => {
    expect(LOSS_ANSWERS_COOLDOWN_DAYS).toBe(30);
    const m = await onboardMember(t, { languages: ['uk'], loss_kind: ['parent'], loss_when: ['3_12m'] });
    expect((await change(m, { loss_kind: ['child'], loss_when: ['3_12m'] })).status).toBe(200);

    const refused = await change(m, { loss_kind: ['sibling'], loss_when: ['3_12m'] });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual({
      'answers.loss_kind': [
        'Was du erlebt hast und wann, lässt sich nur einmal in 30 Tagen ändern, damit niemand über Vorschläge herausfinden kann, was andere verloren haben. Deine bisherige Antwort bleibt gespeichert.',
      ],
    });
    const english = await change(m, { loss_kind: ['child'], loss_when: ['lt_3m'] }, 'en');
    expect(english.json.errors).toEqual({
      'answers.loss_when': [
        'What you have been through, and when, can change only once every 30 days, so that nobody can find out from suggestions what others have lost. Your earlier answer stays saved.',
      ],
    });
    expect((await storedLoss(m)).loss_kind).toEqual(['child']);

    // The same answers again are no change: always accepted.
    expect((await change(m, { loss_kind: ['child'], loss_when: ['3_12m'] })).status).toBe(200);

    await changedAgo(m, LOSS_ANSWERS_COOLDOWN_DAYS * DAY_MS - 60_000);
    expect((await change(m, { loss_kind: ['sibling'], loss_when: ['3_12m'] })).status).toBe(422);
    await changedAgo(m, LOSS_ANSWERS_COOLDOWN_DAYS * DAY_MS + 1_000);
    expect((await change(m, { loss_kind: ['sibling'], loss_when: ['3_12m'] })).status).toBe(200);
    expect((await storedLoss(m)).loss_kind).toEqual(['sibling']);
    // That change started the next cool-down.
    expect((await change(m, { loss_kind: ['friend'], loss_when: ['3_12m'] })).status).toBe(422);
  });

  it('loss answers cool-down: answering again after a reset and signing in anew do not lift it, and a refused change brings no new suggestions', async () => {
    const group = { languages: ['ru'], region: ['at'] };
    const m = await onboardMember(t, { ...group, loss_kind: ['partner'] });
    const other = await onboardMember(t, { ...group, loss_kind: ['partner'] });
    await onboardMember(t, { ...group, loss_kind: ['pet'] });
    expect((await change(m, { loss_kind: ['partner', 'friend'], loss_when: ['3_12m'] })).status).toBe(200);
    const before = await suggestedIds(m);
    expect(before).toEqual([other.id]);

    const again = await signInFrom(t, m.email, 'Another browser');
    const fresh = { ...m, ...again };
    expect((await call(t, 'POST', '/api/user/matching/reset', { token: fresh.token })).status).toBe(200);
    await call(t, 'POST', '/api/onboarding/steps/1', {
      token: fresh.token,
      body: { answers: { role: ['seeker'] } },
    });
    const step = await call(t, 'POST', '/api/onboarding/steps/2', {
      token: fresh.token,
      body: { answers: { loss_kind: ['pet'], loss_when: ['3_12m'] } },
    });
    expect(step.status).toBe(422);
    expect(Object.keys(step.json.errors as object)).toEqual(['answers.loss_kind']);
    expect((await storedLoss(fresh)).loss_kind).toEqual(['partner', 'friend']);
    // Finishing with the answers as they were brings back the same suggestions, nobody of the other kind.
    await answerAll(t, fresh, { ...group, loss_kind: ['partner', 'friend'] });
    expect(await suggestedIds(fresh)).toEqual(before);
  });

  it('loss answers cool-down: the first onboarding is free, however often a step is answered before it ends', async () => {
    const m = await registerMember(t);
    await verifyMember(t, m);
    await call(t, 'POST', '/api/onboarding/steps/1', {
      token: m.token,
      body: { answers: { role: ['seeker'] } },
    });
    for (const loss of [['parent'], ['child'], ['parent', 'pet']]) {
      const step = await call(t, 'POST', '/api/onboarding/steps/2', {
        token: m.token,
        body: { answers: { loss_kind: loss, loss_when: ['3_12m'] } },
      });
      expect(step.status).toBe(200);
    }
    await answerAll(t, m, { languages: ['tr'], loss_kind: ['sibling'] });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, m.id));
    expect(row?.lossAnswersChangedAt).toBeNull();
    expect((await change(m, { loss_kind: ['friend'], loss_when: ['3_12m'] })).status).toBe(200);
  });
});
