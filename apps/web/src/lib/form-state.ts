/**
 * What every form shares but its resolver: messages, validity classes, server errors. Apart from
 * `form.ts` so that a first screen's form (sign-in, `lazy-form.ts`) can use it without the zod resolver
 * (issue 13); `form.ts` exports all of it too.
 */

import { pickLocale, translateValidation } from '@trostnetz/contracts/messages';
import type { FieldError, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-client.ts';

export const SERVER_ERROR_TYPE = 'server';

/** Schema messages are keys (`min|12`); server messages arrive translated already. */
export function fieldMessage(error: FieldError | undefined, locale: string): string | undefined {
  if (!error?.message) return undefined;
  return error.type === SERVER_ERROR_TYPE
    ? error.message
    : translateValidation(error.message, pickLocale(locale));
}

/** vee-valid / vee-invalid once the field was touched or the form submitted (SPEC.md §5). */
export function validityClass(
  state: { invalid: boolean; isTouched: boolean },
  submitted: boolean,
): 'vee-valid' | 'vee-invalid' | undefined {
  if (!state.isTouched && !submitted) return undefined;
  return state.invalid ? 'vee-invalid' : 'vee-valid';
}

export interface FieldProps {
  error: string | undefined;
  validity: 'vee-valid' | 'vee-invalid' | undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: the transformed output type does not matter here
type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>;

/** Translated error and validity class of one field, shown once touched or submitted. */
export function useFieldState<T extends FieldValues>(form: AnyForm<T>, name: FieldPath<T>): FieldProps {
  const { i18n } = useTranslation();
  const state = form.getFieldState(name, form.formState);
  const submitted = form.formState.isSubmitted;
  const shown = state.isTouched || submitted;
  return {
    error: shown ? fieldMessage(state.error, i18n.language) : undefined,
    validity: validityClass(state, submitted),
  };
}

/**
 * Puts a 422 answer's `{field: [messages]}` onto the form's fields; returns whether any field
 * matched. Unknown fields are left for the caller's form-level message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  form: Pick<AnyForm<T>, 'setError' | 'getValues'>,
  /** Stripped from the server's field names, e.g. `answers.` for `answers.<question>`. */
  { prefix = '' }: { prefix?: string } = {},
): boolean {
  if (!isApiError(error) || error.status !== 422) return false;
  const known = Object.keys(form.getValues());
  let matched = false;
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    const field = prefix && name.startsWith(prefix) ? name.slice(prefix.length) : name;
    if (!known.includes(field) || !messages[0]) continue;
    form.setError(
      field as FieldPath<T>,
      { type: SERVER_ERROR_TYPE, message: messages[0] },
      { shouldFocus: !matched },
    );
    matched = true;
  }
  return matched;
}

/**
 * The submit handler of a form that sends its values: a 422's messages land on their fields; any
 * other failure stays with the caller's mutation, which the screen shows.
 */
export function submitWith<In extends FieldValues, Out>(
  form: UseFormReturn<In, unknown, Out>,
  send: (values: Out) => Promise<unknown>,
) {
  return form.handleSubmit(async (values) => {
    try {
      await send(values);
    } catch (error) {
      applyServerErrors(error, form);
    }
  });
}
