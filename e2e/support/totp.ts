import { generate } from 'otplib';

/**
 * The current TOTP code for a secret, made by the library the server checks it with (otplib, its
 * defaults: SHA-1, 30 s, 6 digits), as an authenticator app would show it.
 */
export async function totpCode(secret: string): Promise<string> {
  return generate({ secret });
}
