/**
 * Validation and error texts shared by the server (422/4xx answers) and the web app (forms).
 * SPEC.md §5 fixes the German and English wording of required, email and equal_passwords.
 */
export const locales = ['de', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'de';

export const validationMessages = {
  de: {
    required: 'Diese Angabe ist notwendig.',
    email: 'Bitte gib eine gültige E-Mail Adresse an.',
    equal_passwords: 'Die Passwörter müssen identisch sein!',
    min: 'Diese Angabe muss mindestens {{min}} Zeichen lang sein.',
    max: 'Diese Angabe darf höchstens {{max}} Zeichen lang sein.',
    max_value: 'Dieser Wert darf höchstens {{max}} sein.',
    invalid: 'Diese Angabe ist ungültig.',
    password_common: 'Dieses Passwort ist zu leicht zu erraten. Bitte wähle ein anderes.',
    nickname_format: 'Bitte nutze nur Buchstaben, Ziffern, Leerzeichen, Punkt, Binde- und Unterstrich.',
    terms: 'Bitte stimme den Nutzungsbedingungen zu.',
    unstorable: 'Diese Angabe enthält Zeichen, die wir nicht speichern können.',
    current_password: 'Das Passwort ist nicht korrekt.',
    same_email: 'Das ist schon deine E-Mail Adresse.',
    too_fast:
      'Das ging sehr schnell. Bitte lies deine Nachricht noch einmal durch und sende sie dann erneut.',
    password_wrong: 'Das Passwort ist nicht korrekt.',
    immediate_start:
      'Bitte bestätige, dass Premium sofort beginnen soll und dein Widerrufsrecht damit vorzeitig erlöschen kann.',
    always_on:
      'Hinweise zur Sicherheit und zum Löschen deines Kontos und zum Herunterladen deiner Daten kommen immer per E-Mail und lassen sich nicht abschalten.',
    fixed_channels:
      'Entscheidungen der Moderation und Rückmeldungen zu deinen Meldungen kommen immer in der App und per E-Mail und lassen sich nicht abschalten.',
    loss_cooldown:
      'Was du erlebt hast und wann, lässt sich nur einmal in {{max}} Tagen ändern, damit niemand über Vorschläge herausfinden kann, was andere verloren haben. Deine bisherige Antwort bleibt gespeichert.',
  },
  en: {
    required: 'This field is required',
    email: 'this field must have a valid email address.',
    equal_passwords: 'The passwords must be identical!',
    min: 'This field must have at least {{min}} characters.',
    max: 'This field may have at most {{max}} characters.',
    max_value: 'This value may be at most {{max}}.',
    invalid: 'This value is invalid.',
    password_common: 'This password is too easy to guess. Please choose another one.',
    nickname_format: 'Please use only letters, digits, spaces, dots, hyphens and underscores.',
    terms: 'Please accept the terms of use.',
    unstorable: 'This field contains characters we cannot store.',
    current_password: 'The password is not correct.',
    same_email: 'This already is your e-mail address.',
    too_fast: 'That was very quick. Please read your message once more and then send it again.',
    password_wrong: 'The password is not correct.',
    immediate_start:
      'Please confirm that premium should start at once and that your right of withdrawal may therefore end early.',
    always_on:
      "Notices about your account's security, about deleting it and about downloading your data always come by e-mail and cannot be switched off.",
    fixed_channels:
      'Moderation decisions and news of your reports always come in the app and by e-mail and cannot be switched off.',
    loss_cooldown:
      'What you have been through, and when, can change only once every {{max}} days, so that nobody can find out from suggestions what others have lost. Your earlier answer stays saved.',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type ValidationKey = keyof (typeof validationMessages)['de'];

/** A zod issue message is a key plus optional numeric parameter: `min|12`. */
export function vmsg(key: ValidationKey, param?: number): string {
  return param === undefined ? key : `${key}|${param}`;
}

export function translateValidation(message: string, locale: Locale): string {
  const [key, param] = message.split('|') as [string, string | undefined];
  const table: Record<string, string> = validationMessages[locale];
  const text = table[key];
  if (!text) return validationMessages[locale].invalid;
  return text.replace('{{min}}', param ?? '').replace('{{max}}', param ?? '');
}

export function pickLocale(value: string | undefined | null): Locale {
  const lang = (value ?? '').toLowerCase().slice(0, 2);
  return lang === 'en' ? 'en' : 'de';
}
