import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { createMember, uniqueEmail } from './journey.ts';

export const PASSWORD = 'Ruhige Stunden am See 7';

/** Answers per question key (see apps/server/src/modules/questionnaire/questionnaire.data.ts). */
export type Answers = Record<string, string[] | string>;
const stepOf: Record<string, number> = {
  role: 1,
  loss_kind: 2,
  loss_when: 2,
  support_kind: 3,
  age_group: 4,
  partner_age: 4,
  gender: 5,
  partner_gender: 5,
  region: 6,
  languages: 6,
  about: 7,
};
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

/** Registered, verified and onboarded through the API; `answers` override the defaults. */
export async function onboardedMember(
  request: APIRequestContext,
  nickname: string,
  answers: Answers = {},
): Promise<E2EMember> {
  const email = uniqueEmail(nickname.toLowerCase().replace(/\W/g, ''));
  const tokens = await createMember(request, { email, password: PASSWORD, nickname, verified: true });
  const all = { ...defaultAnswers, ...answers };
  for (let step = 1; step <= 7; step++) {
    const data = { answers: Object.fromEntries(Object.entries(all).filter(([k]) => stepOf[k] === step)) };
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
