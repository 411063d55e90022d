import { type QuestionnaireResponse, questionnaireResponse } from '@trostnetz/contracts/questionnaire';
import type { TestApp } from './test-app.ts';
import { call, outbox } from './test-app.ts';

let seq = 0;
export const strongPassword = 'Lindenblüte am Fluss 7';

export interface MemberTokens {
  id: number;
  email: string;
  token: string;
  refresh_token: string;
}

/** Registers a member through the API (buildUser-style overrides). */
export async function registerMember(
  t: TestApp,
  overrides: Partial<{ email: string; nickname: string; password: string; locale: 'de' | 'en' }> = {},
): Promise<MemberTokens> {
  seq += 1;
  const email = overrides.email ?? `member${seq}-${Date.now()}@example.org`;
  const password = overrides.password ?? strongPassword;
  const res = await call(t, 'POST', '/api/register', {
    body: {
      email,
      password,
      password_confirmation: password,
      nickname: overrides.nickname ?? `Mitglied ${seq}`,
      terms_accepted: true,
      locale: overrides.locale ?? 'de',
    },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  const user = res.json.user as { id: number };
  return {
    id: user.id,
    email,
    token: res.json.token as string,
    refresh_token: res.json.refresh_token as string,
  };
}

/** Signs in with the strong password from a browser named by its user agent; the new session's token pair. */
export async function signInFrom(t: TestApp, email: string, userAgent: string) {
  const res = await call(t, 'POST', '/api/auth/tokens', {
    body: { username: email, password: strongPassword },
    headers: { 'user-agent': userAgent },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return { token: res.json.token as string, refresh_token: res.json.refresh_token as string };
}

/** Opens the verification link from the member's mail, as the member would. */
export async function verifyMember(t: TestApp, m: MemberTokens) {
  const mails = await outbox(t);
  const link = mails
    .filter((x) => x.to.includes(m.email))
    .flatMap((x) => x.links)
    .find((l) => l.includes('/email/verify/'));
  if (!link) throw new Error(`no verification mail for ${m.email}`);
  const url = new URL(link);
  const res = await call(t, 'POST', `/api/verify${url.pathname.replace('/email/verify', '')}${url.search}`);
  if (res.status !== 204) throw new Error(`verify failed: ${res.status}`);
}

export type AnswerOverrides = Partial<Record<string, string[] | string>>;

/** A seeker in Berlin who lost a parent, writes German and wants someone to listen. */
export const defaultAnswers: Record<string, string[] | string> = {
  role: ['seeker'],
  loss_kind: ['parent'],
  loss_when: ['3_12m'],
  support_kind: ['listening'],
  age_group: ['36_50'],
  partner_age: [],
  gender: ['female'],
  partner_gender: [],
  region: ['de_berlin'],
  languages: ['de'],
  about: 'Ich habe im Frühjahr meine Mutter verloren und suche jemanden zum Reden.',
};

/** The questionnaire as the API lists it (its steps and each question's step), asked once per app. */
const questionnaires = new WeakMap<TestApp, Promise<QuestionnaireResponse>>();

function questionnaireOf(t: TestApp, m: MemberTokens): Promise<QuestionnaireResponse> {
  const known = questionnaires.get(t);
  if (known) return known;
  const asked = call(t, 'GET', '/api/onboarding/questionnaire', { token: m.token }).then((res) => {
    if (res.status !== 200) {
      questionnaires.delete(t);
      throw new Error(`questionnaire failed: ${res.status} ${res.text}`);
    }
    return questionnaireResponse.parse(res.json);
  });
  questionnaires.set(t, asked);
  return asked;
}

export async function answerAll(t: TestApp, m: MemberTokens, overrides: AnswerOverrides = {}) {
  const answers = { ...defaultAnswers, ...overrides } as Record<string, string[] | string>;
  const { steps, questions } = await questionnaireOf(t, m);
  for (let step = 1; step <= steps; step++) {
    const keys = new Set(questions.filter((q) => q.step === step).map((q) => q.key));
    const body = { answers: Object.fromEntries(Object.entries(answers).filter(([k]) => keys.has(k))) };
    const res = await call(t, 'POST', `/api/onboarding/steps/${step}`, { token: m.token, body });
    if (res.status !== 200) throw new Error(`step ${step} failed: ${res.status} ${res.text}`);
  }
}

/** Registered, verified and onboarded through the API. */
export async function onboardMember(
  t: TestApp,
  overrides: AnswerOverrides = {},
  account: Parameters<typeof registerMember>[1] = {},
): Promise<MemberTokens> {
  const m = await registerMember(t, account);
  await verifyMember(t, m);
  await answerAll(t, m, overrides);
  return m;
}
