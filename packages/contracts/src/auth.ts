import { z } from 'zod';
import { attribution } from './attribution.ts';
import { emailField, idString, localeField, nicknameField, passwordField, textField } from './fields.ts';
import { vmsg } from './messages.ts';
import { userSchema } from './user.ts';

const passwordsMatch = (d: { password: string; password_confirmation: string }) =>
  d.password === d.password_confirmation;
// Checked as soon as both passwords are strings, even while other fields are still invalid.
const mismatch = {
  message: vmsg('equal_passwords'),
  path: ['password_confirmation'],
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; password_confirmation?: unknown } | null;
    return (
      typeof v?.password === 'string' &&
      typeof v?.password_confirmation === 'string' &&
      v.password_confirmation !== ''
    );
  },
};
const confirmation = textField(vmsg('required')).min(1, vmsg('required'));

export const registerBody = z
  .object({
    email: emailField,
    nickname: nicknameField,
    password: passwordField,
    password_confirmation: confirmation,
    terms_accepted: z.literal(true, { error: vmsg('terms') }),
    locale: localeField.default('de'),
    /** The attribution cookie's fields, sent only when the visitor agreed to marketing cookies (issue 15). */
    attribution: attribution.optional(),
  })
  .refine(passwordsMatch, mismatch);
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  username: emailField,
  password: textField(vmsg('required')).min(1, vmsg('required')).max(1024, vmsg('max', 1024)),
});
export type LoginBody = z.input<typeof loginBody>;

export const tokenPair = z.object({ token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const loginResponse = tokenPair.extend({ user: userSchema });
export type LoginResponse = z.infer<typeof loginResponse>;

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = z
  .object({
    token: textField(vmsg('required')).min(16, vmsg('invalid')).max(200, vmsg('invalid')),
    password: passwordField,
    password_confirmation: confirmation,
  })
  .refine(passwordsMatch, mismatch);
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** Query of the signed verification link, passed on unchanged by the verification screen. */
export const verifyParams = z.object({
  user_id: idString,
  hash: z.string().regex(/^[a-f0-9]{40,64}$/),
});
export const verifyQuery = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[a-f0-9]{64}$/),
});

export const messageResponse = z.object({ message: z.string() });
