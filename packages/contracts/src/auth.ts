import { z } from 'zod';
import { emailField, localeField, nicknameField, passwordField } from './fields.ts';
import { vmsg } from './messages.ts';
import { userSchema } from './user.ts';

const withConfirmation = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ ...shape, password: passwordField, password_confirmation: z.string({ error: vmsg('required') }) })
    .refine((d) => d.password === d.password_confirmation, {
      message: vmsg('equal_passwords'),
      path: ['password_confirmation'],
    });

export const registerBody = withConfirmation({
  email: emailField,
  nickname: nicknameField,
  terms_accepted: z.literal(true, { error: vmsg('terms') }),
  locale: localeField.default('de'),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  username: emailField,
  password: z.string({ error: vmsg('required') }).min(1, vmsg('required')).max(1024, vmsg('max', 1024)),
});
export type LoginBody = z.input<typeof loginBody>;

export const tokenPair = z.object({ token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const loginResponse = tokenPair.extend({ user: userSchema });
export type LoginResponse = z.infer<typeof loginResponse>;

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = withConfirmation({
  token: z.string({ error: vmsg('required') }).min(16, vmsg('invalid')).max(200, vmsg('invalid')),
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** Query of the signed verification link, passed on unchanged by the verification screen. */
export const verifyParams = z.object({
  user_id: z.coerce.number().int().positive(),
  hash: z.string().regex(/^[a-f0-9]{40,64}$/),
});
export const verifyQuery = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[a-f0-9]{64}$/),
});

export const messageResponse = z.object({ message: z.string() });
