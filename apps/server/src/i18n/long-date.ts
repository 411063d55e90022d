import type { Locale } from '@trostnetz/contracts/messages';

/** A date written out for a member (mails, the export page); Berlin time, as the service is German. */
export const longDate = (locale: Locale, date: Date) =>
  new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'Europe/Berlin',
  }).format(date);
