import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { totpCode } from './totp.ts';

/** A staff member's console session, kept in the tab's sessionStorage as the web app keeps it. */
export interface StaffSession {
  token: string;
  expires_at: string;
}

const json = { 'content-type': 'application/json' };

/**
 * Signs a staff member in to the console through the API: e-mail and password, then TOTP (enrolling
 * the authenticator the first time). Returns the staff session and the secret.
 */
export async function staffSignIn(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<StaffSession & { secret?: string }> {
  const start = await request.post('/api/admin/session', { data: { email, password }, headers: json });
  expect(start.status(), await start.text()).toBe(200);
  const body = (await start.json()) as { step: 'enrol' | 'totp'; challenge: string; secret?: string };
  if (body.step === 'enrol') {
    const secret = body.secret as string;
    const enrol = await request.post('/api/admin/session/enrol', {
      data: { challenge: body.challenge, code: await totpCode(secret) },
      headers: json,
    });
    expect(enrol.status(), await enrol.text()).toBe(200);
    return { ...((await enrol.json()) as StaffSession), secret };
  }
  throw new Error(`${email} has enrolled before; this helper signs in fresh staff accounts only`);
}

export const staffHeaders = (s: { token: string }) => ({ authorization: `Bearer ${s.token}`, ...json });

/** A browser context already signed in to the console (the staff token where the app keeps it). */
export async function withStaffSession(context: BrowserContext, session: StaffSession) {
  await context.addInitScript(
    ([value]) => {
      const { sessionStorage } = globalThis as unknown as {
        sessionStorage: { setItem(key: string, value: string): void };
      };
      sessionStorage.setItem('trostnetz-staff-token', value as string);
    },
    [JSON.stringify({ token: session.token, expires_at: session.expires_at })],
  );
}

/** Reads the secret the enrolment screen shows (for typing into an authenticator) and answers its code. */
export async function enrolInBrowser(page: Page, code: { label: string; submit: string }) {
  const secret = await page.locator('[data-totp-secret]').getAttribute('data-totp-secret');
  expect(secret).toBeTruthy();
  await page.getByLabel(code.label).fill(await totpCode(secret as string));
  await page.getByRole('button', { name: code.submit }).click();
  return secret as string;
}

export type { Browser };
