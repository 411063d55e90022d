import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { questionnaireResponse } from '@trostnetz/contracts/questionnaire';
import { createMember, type Lang, uniqueEmail } from './journey.ts';

export const PASSWORD = 'Ruhige Stunden am See 7';

/** Answers per question key; the questionnaire API says which step asks which. */
export type Answers = Record<string, string[] | string>;
export const defaultAnswers: Answers = {
  role: ['seeker'],
  loss_kind: ['parent'],
  loss_when: ['3_12m'],
  support_kind: ['listening'],
  age_group: ['36_50'],
  partner_age: [],
  gender: [],
  partner_gender: [],
  region: ['de_berlin'],
  languages: ['de'],
  about: 'Ich habe meine Mutter verloren und suche jemanden zum Reden.',
};

export interface E2EMember {
  id: number;
  email: string;
  nickname: string;
  token: string;
  refresh_token: string;
}

const auth = (m: { token: string }) => ({ authorization: `Bearer ${m.token}` });

/**
 * Registered, verified and onboarded through the API; `answers` override the defaults. The account's
 * language is German unless `locale` says otherwise (the app shows it after sign-in).
 */
export async function onboardedMember(
  request: APIRequestContext,
  nickname: string,
  answers: Answers = {},
  { locale = 'de' }: { locale?: Lang } = {},
): Promise<E2EMember> {
  const email = uniqueEmail(nickname.toLowerCase().replace(/\W/g, ''));
  const tokens = await createMember(request, { email, password: PASSWORD, nickname, verified: true, locale });
  const all = { ...defaultAnswers, ...answers };
  const questionnaire = await request.get('/api/onboarding/questionnaire', { headers: auth(tokens) });
  expect(questionnaire.status(), await questionnaire.text()).toBe(200);
  const { steps, questions } = questionnaireResponse.parse(await questionnaire.json());
  for (let step = 1; step <= steps; step++) {
    const keys = new Set(questions.filter((q) => q.step === step).map((q) => q.key));
    const data = { answers: Object.fromEntries(Object.entries(all).filter(([k]) => keys.has(k))) };
    const res = await request.post(`/api/onboarding/steps/${step}`, { data, headers: auth(tokens) });
    expect(res.status(), await res.text()).toBe(200);
  }
  const me = await (await request.get('/api/profile/init', { headers: auth(tokens) })).json();
  return { id: me.id as number, email, nickname, ...tokens };
}

/** a sends a request, b accepts: befriended partners. */
export async function befriend(request: APIRequestContext, a: E2EMember, b: E2EMember) {
  const sent = await request.post(`/api/user/friend/request/send/${b.id}`, { data: {}, headers: auth(a) });
  expect(sent.status(), await sent.text()).toBe(200);
  const accepted = await request.post(`/api/user/friend/request/accept/${a.id}`, {
    data: {},
    headers: auth(b),
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
}
