import { describe, expect, it } from 'vitest';
import {
  contactDetailsIn,
  isNewPartnership,
  OFF_PLATFORM_HINT_DAYS,
  offPlatformNoteAfter,
  SAFETY_HINT_FIRST_MESSAGES,
} from './contact-hint.ts';

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
    ['call me on +44 20 7946 0958', 'phone'],
    ['+1 (555) 123-4567 is my cell', 'phone'],
    ['Am 24.12. ruf mich an: 0151 23456789', 'phone'],
    ['mein threema ist AB12CD34', 'handle'],
    ['skype: lena.meyer', 'handle'],
    ['schau mal auf https://example.org/ich', 'link'],
    ['www.lena-fotos.de', 'link'],
    ['schreib mir auf t.me/lena_m', 'link'],
    ['wa.me/491701234567', 'link'],
    ['mein Blog: lenaschreibt.com', 'link'],
  ] as const)('%s → %s', (text, kind) => expect(contactDetailsIn(text)).toContain(kind));

  it.each([
    'Heute war ein schwerer Tag.',
    'Ich habe um 14:30 einen Termin, danach melde ich mich.',
    'Er ist 2019 gestorben, mit 63 Jahren.',
    'Seit 3 Wochen schlafe ich schlecht',
    'Ich schreibe dir morgen @ Mittag',
    'Ich nutze Instagram kaum noch.',
    'Sie war meine Nummer eins.',
    'Meine Nummer eins bleibt er für immer.',
    'Am 03.12.2026 ist sein Todestag.',
    'Wir treffen uns am 24.12. um 18.30 Uhr bei Oma.',
    'Geboren 1958-04-12, gestorben 2024-11-03.',
    'On 12/03/2026 it will be one year.',
    'Der Grabstein hat 1.250,00 € gekostet, die Blumen 49,90 €.',
    'Sie wurde 1958 geboren und starb 2024.',
    'Das Zimmer 0815 im Hospiz war hell.',
    'z.B. spazieren gehen, usw. hilft mir.',
    'Ich habe ihm eine E-Mail geschrieben, die nie ankam.',
    'Sein Handy liegt noch auf dem Tisch.',
  ])('no contact details: %s', (text) => expect(contactDetailsIn(text)).toEqual([]));

  it('a partnership is new below the first-messages constant, and not once older messages wait on the server', () => {
    expect(isNewPartnership(0, false)).toBe(true);
    expect(isNewPartnership(SAFETY_HINT_FIRST_MESSAGES - 1, false)).toBe(true);
    expect(isNewPartnership(SAFETY_HINT_FIRST_MESSAGES, false)).toBe(false);
    expect(isNewPartnership(5, true)).toBe(false);
  });
});

describe('off-platform note rule: once per conversation, in the first 14 days of a partnership', () => {
  const since = '2026-03-01T10:00:00.000Z';
  const day = 24 * 3600_000;
  const at = (ms: number) => new Date(Date.parse(since) + ms).toISOString();
  const msg = (id: number, message: string, ms: number) => ({ id, message, send_at: at(ms) });

  it('the first message with contact details within the window carries the note; later ones do not', () => {
    const messages = [
      msg(1, 'Hallo, schön dass wir uns gefunden haben', 1000),
      msg(2, 'Meine Nummer ist 0170 1234567', day),
      msg(3, 'Oder schreib an lena@example.de', 2 * day),
    ];
    expect(offPlatformNoteAfter(messages, since)).toBe(2);
  });

  it('just inside the window yes, at its end no, and none before the partnership began', () => {
    const limit = OFF_PLATFORM_HINT_DAYS * day;
    expect(offPlatformNoteAfter([msg(1, '0170 1234567', limit - 1)], since)).toBe(1);
    expect(offPlatformNoteAfter([msg(1, '0170 1234567', limit)], since)).toBeUndefined();
    expect(offPlatformNoteAfter([msg(1, '0170 1234567', -1)], since)).toBeUndefined();
    expect(offPlatformNoteAfter([msg(1, '0170 1234567', 0)], since)).toBe(1);
  });

  it('no note without contact details or without a partnership', () => {
    expect(offPlatformNoteAfter([msg(1, 'Meine Nummer eins', 10)], since)).toBeUndefined();
    expect(offPlatformNoteAfter([msg(1, '0170 1234567', 10)], null)).toBeUndefined();
  });
});
