import { describe, expect, it } from 'vitest';
import { contactDetailsIn, isNewPartnership, SAFETY_HINT_FIRST_MESSAGES } from './contact-hint.ts';

describe('safety hint rule: contact details in a new partnership are recognised on the device', () => {
  it.each([
    ['Ruf mich an: 0170 1234567', 'phone'],
    ['meine Nummer ist +49 30 123 45 67', 'phone'],
    ['0049 170/1234567 geht auch', 'phone'],
    ['(0170) 123-45-67', 'phone'],
    ['schreib an lena.m@example.de', 'email'],
    ['Mail: Jörg_1@web-mail.com', 'email'],
    ['folg mir @lena_m', 'handle'],
    ['mein insta: lena.m', 'handle'],
    ['Mein Snapchat ist lena22', 'handle'],
    ['add me on telegram: lenam', 'handle'],
    ['tiktok lena.m', 'handle'],
    ['WhatsApp: 0170 1234567', 'phone'],
  ] as const)('%s → %s', (text, kind) => expect(contactDetailsIn(text)).toContain(kind));

  it.each([
    'Heute war ein schwerer Tag.',
    'Ich habe um 14:30 einen Termin, danach melde ich mich.',
    'Er ist 2019 gestorben, mit 63 Jahren.',
    'Seit 3 Wochen schlafe ich schlecht',
    'Ich schreibe dir morgen @ Mittag',
    'Ich nutze Instagram kaum noch.',
  ])('no contact details: %s', (text) => expect(contactDetailsIn(text)).toEqual([]));

  it('a partnership is new below the first-messages constant, and not once older messages wait on the server', () => {
    expect(isNewPartnership(0, false)).toBe(true);
    expect(isNewPartnership(SAFETY_HINT_FIRST_MESSAGES - 1, false)).toBe(true);
    expect(isNewPartnership(SAFETY_HINT_FIRST_MESSAGES, false)).toBe(false);
    expect(isNewPartnership(5, true)).toBe(false);
  });
});
