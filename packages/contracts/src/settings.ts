import { z } from 'zod';
import { emailField, localeField, nicknameField, passwordField, textField } from './fields.ts';
import { vmsg } from './messages.ts';
import { userSchema } from './user.ts';

const currentPassword = textField(vmsg('required')).min(1, vmsg('required')).max(1024, vmsg('max', 1024));
const confirmation = textField(vmsg('required')).min(1, vmsg('required'));

/** The account details /settings shows: the user, plus an address change waiting for its link. */
export const settingsMe = z.object({
  user: userSchema,
  /** The new address while its confirmation link is open; null otherwise. */
  pending_email: z.string().nullable(),
});
export type SettingsMe = z.infer<typeof settingsMe>;

export const changePasswordBody = z
  .object({
    current_password: currentPassword,
    password: passwordField,
    password_confirmation: confirmation,
  })
  .refine((d) => d.password === d.password_confirmation, {
    message: vmsg('equal_passwords'),
    path: ['password_confirmation'],
    when: (payload) => {
      const v = payload.value as { password?: unknown; password_confirmation?: unknown } | null;
      return typeof v?.password === 'string' && typeof v?.password_confirmation === 'string';
    },
  });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const changeEmailBody = z.object({ email: emailField, password: currentPassword });
export type ChangeEmailBody = z.input<typeof changeEmailBody>;

export const changeNicknameBody = z.object({ nickname: nicknameField });
export type ChangeNicknameBody = z.input<typeof changeNicknameBody>;

/** The account's language: the app's after sign-in on any device, and every mail's. */
export const changeLocaleBody = z.object({ locale: localeField });
export type ChangeLocaleBody = z.input<typeof changeLocaleBody>;

/** The one-time token of a confirmation or undo link, as the web screen passes it on. */
export const emailLinkBody = z.object({
  token: z.string({ error: vmsg('invalid') }).regex(/^e[cu]_[A-Za-z0-9_-]{43}$/, vmsg('invalid')),
});
export type EmailLinkBody = z.input<typeof emailLinkBody>;

/** Paths of the links in the mails (web screens under /settings/email). */
export const EMAIL_CONFIRM_PATH = '/settings/email/confirm';
export const EMAIL_UNDO_PATH = '/settings/email/undo';
/** How long the old address can undo a change (issue 11). */
export const EMAIL_UNDO_DAYS = 7;
/** How long the new address's confirmation link works. */
export const EMAIL_CONFIRM_HOURS = 24;

export const sessionView = z.object({
  id: z.string(),
  /** Browser name, e.g. "Firefox"; null when the user agent says nothing we know. */
  browser: z.string().nullable(),
  /** Operating system, e.g. "Android". */
  os: z.string().nullable(),
  /** "mobile", "tablet" or "desktop". */
  device: z.enum(['mobile', 'tablet', 'desktop']),
  /** Maker and model when the user agent names them ("Samsung SM-G991B"). */
  device_model: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionView>;
export const sessionList = z.object({ data: z.array(sessionView) });
export type SessionList = z.infer<typeof sessionList>;

export const sessionIdParam = z.object({
  id: z
    .string({ error: vmsg('invalid') })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, vmsg('invalid')),
});

export const endedSessions = z.object({ ended: z.number().int() });
