import { errorCatalogue } from '@trostnetz/contracts/errors';
import { locales, validationMessages } from '@trostnetz/contracts/messages';
import { describe, expect, it } from 'vitest';
import { fill, serverTexts, t } from './catalogue.ts';

/** Every text the server sends, per language: errors, validation messages and the server catalogue. */
const everyText = Object.fromEntries(
  locales.map((locale) => [
    locale,
    {
      ...Object.fromEntries(Object.entries(errorCatalogue).map(([code, e]) => [`errors.${code}`, e[locale]])),
      ...Object.fromEntries(
        Object.entries(validationMessages[locale]).map(([key, text]) => [`validation.${key}`, text]),
      ),
      ...Object.fromEntries(
        Object.entries(serverTexts[locale]).map(([key, text]) => [`server.${key}`, text]),
      ),
    },
  ]),
) as Record<(typeof locales)[number], Record<string, string>>;

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('issue 10: one catalogue for every text the server sends, German and English alike', () => {
  it('both languages have exactly the same keys', () => {
    expect(Object.keys(everyText.en).sort()).toEqual(Object.keys(everyText.de).sort());
  });

  it('each key has the same {{placeholders}} in both languages, and no text is empty', () => {
    for (const [key, de] of Object.entries(everyText.de)) {
      const en = everyText.en[key] ?? '';
      expect(placeholders(en), key).toEqual(placeholders(de));
      expect(de.trim(), key).not.toBe('');
      expect(en.trim(), key).not.toBe('');
    }
  });

  it('placeholders are filled in one pass: a value that looks like a placeholder stays as written', () => {
    expect(t('en', 'notify.friend_request', { name: '{{app}} hi' })).toBe(
      '{{app}} hi would like to be your support partner',
    );
    expect(fill('de', 'mail.greeting', { nickname: 'Anna', unused: 1 })).toBe('Hallo Anna,');
    expect(t('de', 'friendship.removed')).toBe('Die Verbindung wurde beendet.');
  });
});
