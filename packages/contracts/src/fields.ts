import { z } from 'zod';
import { vmsg } from './messages.ts';

/** Small reusable field schemas; messages are keys translated by translateValidation. */

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** PostgreSQL cannot store NUL, and a lone UTF-16 surrogate would be stored changed: neither is text. */
export const isStorableText = (value: string) => !value.includes('\u0000') && !loneSurrogate.test(value);

/** Every free-text field starts here, so no request can carry what the database refuses. */
export const textField = (error: string = vmsg('invalid')) =>
  z.string({ error }).refine(isStorableText, vmsg('unstorable'));

export const requiredString = (max: number, min = 1) =>
  textField(vmsg('required'))
    .trim()
    .min(1, vmsg('required'))
    .min(min, vmsg('min', min))
    .max(max, vmsg('max', max));

export const emailField = textField(vmsg('required'))
  .trim()
  .min(1, vmsg('required'))
  .max(255, vmsg('max', 255))
  .pipe(z.email({ error: vmsg('email') }))
  .transform((e) => e.toLowerCase());

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
export const passwordField = textField(vmsg('required'))
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

/** A row id: a positive integer in JS's safe range, which always fits PostgreSQL's bigint. */
export const idNumber = z
  .number({ error: (issue) => vmsg(issue.input === undefined ? 'required' : 'invalid') })
  .int(vmsg('invalid'))
  .positive(vmsg('invalid'));
/** An id in a path or query: decimal digits only ("1e3", "0x10" or " 7" are not ids), then as idNumber. */
export const idString = z
  .string({ error: vmsg('invalid') })
  .regex(/^[1-9][0-9]{0,15}$/, vmsg('invalid'))
  .transform(Number)
  .pipe(idNumber);
/** A cursor in a query: 0 or an id. */
export const cursorString = z
  .string({ error: vmsg('invalid') })
  .regex(/^(0|[1-9][0-9]{0,15})$/, vmsg('invalid'))
  .transform(Number)
  .pipe(z.number().int(vmsg('invalid')));

export const idParam = z.object({ id: idString });
