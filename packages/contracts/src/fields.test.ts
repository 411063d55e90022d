import { describe, expect, it } from 'vitest';
import { cursorString, idNumber, idString, isStorableText, textField } from './fields.ts';
import { translateValidation } from './messages.ts';

describe('issue 9 item 11: shared field rules', () => {
  it('issue 9 item 11: text with NUL or a lone surrogate is refused with "unstorable" in both languages; pairs and emoji pass', () => {
    for (const bad of ['a\u0000b', '\uD800', 'x\uDC00', '\uDC00\uD800', '😀\uD83D']) {
      expect({ bad, ok: isStorableText(bad) }).toEqual({ bad, ok: false });
      const issue = textField().safeParse(bad).error?.issues[0]?.message ?? '';
      expect(translateValidation(issue, 'de')).toBe(
        'Diese Angabe enthält Zeichen, die wir nicht speichern können.',
      );
      expect(translateValidation(issue, 'en')).toBe('This field contains characters we cannot store.');
    }
    for (const good of ['', 'Hallo', '😀', 'e\u0301', 'Straße 12 – ä ö ü', '\uD83D\uDE00']) {
      expect({ good, ok: textField().safeParse(good).success }).toEqual({ good, ok: true });
    }
  });

  it('issue 9 item 11: ids are positive integers in the safe range; in paths and queries digits only', () => {
    for (const ok of ['1', '42', '9007199254740991']) expect(idString.parse(ok)).toBe(Number(ok));
    for (const bad of [
      '0',
      '-1',
      '1.5',
      '1e3',
      '0x10',
      ' 7',
      '007',
      '9007199254740992',
      '99999999999999999999',
      '',
    ]) {
      expect({ bad, ok: idString.safeParse(bad).success }).toEqual({ bad, ok: false });
    }
    expect(cursorString.parse('0')).toBe(0);
    expect(cursorString.safeParse('-1').success).toBe(false);
    for (const bad of [0, -1, 1.5, 2 ** 53, 1e20, '1', null]) {
      expect({ bad, ok: idNumber.safeParse(bad).success }).toEqual({ bad, ok: false });
    }
    expect(idNumber.safeParse(undefined).error?.issues[0]?.message).toBe('required');
  });
});
