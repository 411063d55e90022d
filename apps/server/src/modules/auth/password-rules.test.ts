import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  dummyPasswordHash,
  firstMatchingAccount,
  hashPassword,
  isWeakPassword,
  needsRehash,
  verifyPassword,
} from './passwords.ts';

/**
 * The password helpers on their own (DESIGN.md §8; the HTTP side is in password-strength.test.ts):
 * the argon2id parameters, the constant number of verifications per login, and exactly which
 * passwords the strength check refuses.
 */

const CURRENT = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;
// @node-rs/argon2's Algorithm enum: 1 = Argon2i, 2 = Argon2id.
const older = (password: string) =>
  hash(password, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
const argon2i = (password: string) =>
  hash(password, { algorithm: 1, memoryCost: 19456, timeCost: 2, parallelism: 1 });

describe('password hash rule: argon2id m=19456 KiB, t=2, p=1', () => {
  it('password hash rule: only an argon2id hash with the current parameters needs no rehash; other parameters, argon2i or bcrypt do', async () => {
    const current = await hashPassword('Lindenblüte am Fluss 7');
    expect(current).toMatch(CURRENT);
    expect(needsRehash(current)).toBe(false);
    expect(needsRehash(await older('Lindenblüte am Fluss 7'))).toBe(true);
    expect(needsRehash(await argon2i('Lindenblüte am Fluss 7'))).toBe(true);
    expect(needsRehash('$2b$10$abcdefghijklmnopqrstuuJ0eWBcq4P6f4uX3tQ8yZb1Y7cLZ1eK')).toBe(true);
  });

  it('password hash rule: a stored value that is no argon2 hash matches no password (and is no error)', async () => {
    expect(await verifyPassword('not-a-hash', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('', '')).toBe(false);
    expect(await verifyPassword(await hashPassword('richtig lang 42'), 'richtig lang 42')).toBe(true);
  });
});

describe('login timing rule: every sign-in costs the same argon2 verifications', () => {
  it('login timing rule: the dummy hash that stands in for missing accounts is one real argon2id hash with the current parameters, made once', async () => {
    const dummy = await dummyPasswordHash();
    expect(dummy).toMatch(CURRENT);
    expect(await dummyPasswordHash()).toBe(dummy);
  });

  it('login timing rule: of more accounts than are considered, only the first `count` are verified, and a later one never signs in', async () => {
    let verifications = 0;
    const verify = async (passwordHash: string) => {
      verifications += 1;
      return passwordHash === 'h4';
    };
    const accounts = ['h1', 'h2', 'h3', 'h4'].map((passwordHash, id) => ({ id, passwordHash }));
    expect(await firstMatchingAccount(accounts, 'pw', 3, verify)).toBeUndefined();
    expect(verifications).toBe(3);
  });
});

describe('password rule: guessable passwords are refused (zxcvbn score below 3, a word dressed up with a year and signs, repeated words, personal words)', () => {
  const someone = ['nebel@example.org', 'Nebel'];

  it('password rule: a zxcvbn score of 3 is enough ("Sommer am See"); a score of 2 is not ("Sonnenschein12!")', async () => {
    expect(await isWeakPassword('Sommer am See', someone)).toBe(false);
    expect(await isWeakPassword('Sonnenschein12!', someone)).toBe(true);
  });

  it('password rule: one word with a year and signs around it ("sommer2024!!", zxcvbn score 3) is refused by what its parts cost together; a rarer word or more words with the same pass', async () => {
    for (const password of [
      'sommer2024!!',
      'Sommer 2024!!',
      '2024!!sommer',
      // Without the blank zxcvbn rates it 2, with it 3: the blank alone must not make it strong.
      'Regenbogen 1987',
      // The two signs count as one run ("!!" repeated), not as two signs of their own.
      'Kraniche2024!!',
    ]) {
      expect({ password, weak: await isWeakPassword(password, someone) }).toEqual({ password, weak: true });
    }
    for (const password of [
      'Quimfex2024!!',
      'Kraniche 2024!!',
      'Sommer am See 2024!!',
      'Regenbogen 1987 am Deich',
    ]) {
      expect({ password, weak: await isWeakPassword(password, someone) }).toEqual({ password, weak: false });
    }
  });

  it('password rule: the product words and frequent German phrases of our own list are refused', async () => {
    for (const password of [
      'Trost2026!',
      'Trostpartnerin1987!',
      'Ichvermissedich1987!',
      'Ruheinfrieden1987!',
      'Schatzi1987!',
    ]) {
      expect({ password, weak: await isWeakPassword(password, someone) }).toEqual({ password, weak: true });
    }
  });

  it('password rule: one word repeated (any case, around digits and signs), twice or more, is refused; a repetition within other words is not', async () => {
    expect(await isWeakPassword('Fjordmöwe 1 fjordmöwe 2 fjordmöwe 3', someone)).toBe(true);
    expect(await isWeakPassword('Fjordmöwe 1 FJORDMÖWE 2', someone)).toBe(true);
    expect(await isWeakPassword('Abendrot über Wolke 9 wolke', someone)).toBe(false);
    expect(await isWeakPassword('Wolke 9 wolke über Abendrot', someone)).toBe(false);
    // Compared in lower case: the dotless ı is another letter than i, so these are two words.
    expect(await isWeakPassword('Pırlanta 7 pirlanta', someone)).toBe(false);
  });

  it('password rule: each part of the address counts as personal, also around a "+": "Quimfex!1987" is refused for zorblat+quimfex@…', async () => {
    expect(await isWeakPassword('Quimfex!1987', ['zorblat+quimfex@example.org', 'Nebel'])).toBe(true);
    expect(await isWeakPassword('Quimfex!1987', someone)).toBe(false);
  });

  it('password rule: each word of the nickname counts as personal, from 3 letters on', async () => {
    expect(await isWeakPassword('Quimfex!1987', ['nebel@example.org', 'Zorblat Quimfex'])).toBe(true);
    expect(await isWeakPassword('qix himmel himmel', ['nebel@example.org', 'Qix Vorbluk'])).toBe(true);
    expect(await isWeakPassword('qix himmel himmel', ['nebel@example.org', 'Vorbluk'])).toBe(false);
  });

  it('password rule: personal words are compared in lower case as written (ß stays ß) and without the blanks around them', async () => {
    expect(await isWeakPassword('weißquorx1987', ['nebel@example.org', 'Weißquorx'])).toBe(true);
    expect(await isWeakPassword('weißquorx1987', someone)).toBe(false);
    // Blanks around a value are not part of the word: " quimfex " would match only with blanks around it.
    // (Two words: " quimfex 2026" is the nickname with a year, refused either way.)
    expect(await isWeakPassword(' quimfex Abend', [' Quimfex ', 'nebel@example.org'])).toBe(false);
  });
});
