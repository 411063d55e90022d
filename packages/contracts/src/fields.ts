import { z } from 'zod';
import { vmsg } from './messages.ts';

/** Small reusable field schemas; messages are keys translated by translateValidation. */
export const requiredString = (max: number, min = 1) =>
  z
    .string({ error: vmsg('required') })
    .trim()
    .min(1, vmsg('required'))
    .min(min, vmsg('min', min))
    .max(max, vmsg('max', max));

export const emailField = z
  .string({ error: vmsg('required') })
  .trim()
  .min(1, vmsg('required'))
  .max(255, vmsg('max', 255))
  .pipe(z.email({ error: vmsg('email') }))
  .transform((e) => e.toLowerCase());

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
export const passwordField = z
  .string({ error: vmsg('required') })
  .min(1, vmsg('required'))
  .min(PASSWORD_MIN, vmsg('min', PASSWORD_MIN))
  .max(PASSWORD_MAX, vmsg('max', PASSWORD_MAX));

export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 30;
export const nicknameField = requiredString(NICKNAME_MAX, NICKNAME_MIN).regex(
  /^[\p{L}\p{N} ._-]+$/u,
  vmsg('nickname_format'),
);

export const localeField = z.enum(['de', 'en'], { error: vmsg('invalid') });

export const idParam = z.object({
  id: z.coerce
    .number({ error: vmsg('invalid') })
    .int()
    .positive(),
});
