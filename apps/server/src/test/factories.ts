import type { TestApp } from './test-app.ts';
import { call } from './test-app.ts';

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
