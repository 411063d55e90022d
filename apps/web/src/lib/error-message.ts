import { type ErrorCode, errorCatalogue } from '@trostnetz/contracts/errors';
import { type Locale, pickLocale } from '@trostnetz/contracts/messages';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-client.ts';

/** Maps an error's stable code to the catalogue's text in the UI language. */
export function errorMessage(error: unknown, locale: Locale): string {
  if (isApiError(error)) {
    if (error.code && error.code in errorCatalogue) return errorCatalogue[error.code as ErrorCode][locale];
    if (error.status === 0) return errorCatalogue.unavailable[locale];
    if (error.status === 429) return errorCatalogue.rate_limited[locale];
  }
  return errorCatalogue.internal[locale];
}

export function useErrorMessage(): (error: unknown) => string {
  const { i18n } = useTranslation();
  return (error) => errorMessage(error, pickLocale(i18n.language));
}
