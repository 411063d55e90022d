import { describe, expect, it } from 'vitest';
import { hurtfulTerms, soundsHurtful } from './hurtful-words.ts';
import { termPattern } from './word-match.ts';

describe('send prompt rule: hurtful and pressuring words are recognised on the device', () => {
  it.each([
    'Stell dich nicht so an.',
    'Jetzt reiß dich mal zusammen!',
    'reiss dich zusammen',
    'Komm endlich drüber hinweg, das ist doch ewig her',
    'Du bist SO dumm',
    'Halt die Klappe',
    'du bist selbst schuld',
    'Schick mir ein Foto von dir',
    'hast du Nacktbilder?',
    'Antworte endlich!',
    'Warum antwortest du nicht?',
    'Gib mir deine Nummer',
  ])('German: %s', (text) => expect(soundsHurtful(text)).toBe(true));

  it.each([
    'Just get over it.',
    "It's been long enough",
    'SHUT UP',
    'send nudes',
    'Give me your number now',
    'you owe me',
    'You are pathetic',
  ])('English: %s', (text) => expect(soundsHurtful(text)).toBe(true));

  it.each([
    '',
    '   ',
    'Ich war so dumm, dass ich nicht früher angerufen habe.',
    'Ich kann mich heute nicht zusammenreißen, und das ist okay.',
    'Meine Nummer eins ist immer noch sie.',
    'Ich habe ein Foto von ihm auf den Tisch gestellt.',
    'Ich schicke dir morgen das Bild vom Garten, wenn du magst.',
    'Am 03.12.2026 ist sein Todestag, er wurde 1958 geboren.',
    'Die Kerze hat 4,99 € gekostet.',
    'Der Idiotentest ist lange her.',
    'Schuldig fühle ich mich trotzdem manchmal.',
    'I could not get over the hill yesterday.',
    'The shutters were up all night.',
    'You are not alone.',
  ])('no false alarm: %s', (text) => expect(soundsHurtful(text)).toBe(false));

  it.each([
    ...hurtfulTerms.de,
    ...hurtfulTerms.en,
  ])('each term counts as written, in a sentence: %s', (term) => {
    const written = term.replace(/\*/g, '');
    expect(soundsHurtful(`Na ja, ${written}!`)).toBe(true);
    expect(soundsHurtful(`${written.toUpperCase()}`)).toBe(true);
  });

  it('the lists hold German and English terms, written lower case without doubles', () => {
    for (const terms of [hurtfulTerms.de, hurtfulTerms.en]) {
      expect(terms.length).toBeGreaterThan(20);
      for (const term of terms) expect(term).toBe(term.toLowerCase().trim());
      expect(new Set(terms).size).toBe(terms.length);
    }
  });
});

describe('word list matching: whole words, any white space, `*` for more letters', () => {
  const match = (terms: string[], text: string) => termPattern(terms).test(text);
  it('a term matches as whole words only', () => {
    expect(match(['hure'], 'so eine hure')).toBe(true);
    expect(match(['hure'], 'churer')).toBe(false);
    expect(match(['hure'], 'hure2')).toBe(false);
    expect(match(['hure'], '2hure')).toBe(false);
  });
  it('a space stands for any white space, but some', () => {
    expect(match(['halt die klappe'], 'halt  die\nklappe')).toBe(true);
    expect(match(['halt die klappe'], 'haltdie klappe')).toBe(false);
  });
  it('`*` at the end or the start stands for more letters of the same word, or none', () => {
    expect(match(['nacktbild*'], 'nacktbilder')).toBe(true);
    expect(match(['nacktbild*'], 'nacktbild')).toBe(true);
    expect(match(['nacktbild*'], 'nacktbild er')).toBe(true);
    expect(match(['*idiot'], 'vollidiot')).toBe(true);
    expect(match(['*idiot'], 'idiotin')).toBe(false);
  });
  it('other characters of a term are taken literally, and terms are folded like the text', () => {
    expect(match(['a.b'], 'axb')).toBe(false);
    expect(match(['a.b'], 'a.b')).toBe(true);
    expect(match(['  hör auf  '], 'hoer auf')).toBe(true);
  });
});
