import { describe, expect, it } from 'vitest';
import type { Filter } from '../questionnaire/questionnaire.data.ts';
import type { LoadedQuestion } from '../questionnaire/questionnaire.service.ts';
import { optionBits, profileFromAnswers, reasonFromTags, tagBits } from './match-profile.ts';

/**
 * Issue 21: the matching profile decided on a questionnaire built for each rule (the seeded one has no
 * unweighted or text question with options, and every filter question): which answers count, how the
 * filters pack into bits, and which shared answers "why you match" names.
 */
const label = (s: string) => ({ de: s, en: `${s} (en)` });
const question = (
  key: string,
  options: string[],
  o: Partial<Pick<LoadedQuestion, 'weight' | 'filter' | 'kind' | 'sensitive'>> = {},
): LoadedQuestion => ({
  key,
  step: 1,
  kind: o.kind ?? 'multi',
  required: false,
  weight: o.weight ?? 1,
  filter: o.filter ?? null,
  role: null,
  maxLength: null,
  title: label(`Frage ${key}`),
  help: null,
  sensitive: o.sensitive ?? null,
  options: options.map((k) => ({ key: k, label: label(`Antwort ${k}`) })),
});
const filterQuestion = (f: Filter, options: string[], weight = 0) =>
  question(f, options, { filter: f, weight, kind: 'single' });

describe('matching profile (issue 21)', () => {
  it('scoring rule: only answers of weighted questions that are not free text count, each option owning `weight` bits', () => {
    const questions = [
      question('a', ['x', 'y'], { weight: 2 }),
      question('unweighted', ['x'], { weight: 0 }),
      question('free', ['x'], { weight: 3, kind: 'text' }),
      question('b', ['x', 'y', 'z'], { weight: 1 }),
    ];
    const profile = profileFromAnswers(questions, {
      a: ['x'],
      unweighted: ['x'],
      free: ['x'],
      b: ['y', 'z'],
    });
    expect(profile.tags).toEqual(['a:x', 'b:y', 'b:z']);
    expect(profile.tagBits).toBe('1100' + '011');
    expect(tagBits(questions, ['unweighted:x', 'free:x'])).toBe('0000' + '000');
  });

  it('matching rule: the role question decides supporter or seeker; no answer is a seeker', () => {
    const questions = [filterQuestion('role', ['seeker', 'supporter'])];
    expect(profileFromAnswers(questions, { role: ['supporter'] }).role).toBe('supporter');
    expect(profileFromAnswers(questions, { role: ['seeker'] }).role).toBe('seeker');
    expect(profileFromAnswers(questions, {}).role).toBe('seeker');
  });

  it('filter rule: each filter packs its answers as bits over its options; a wish is read over the options about oneself', () => {
    const questions = [
      question('loss', ['a', 'b', 'c'], { filter: 'must_share', weight: 5 }),
      question('loss2', ['d', 'e'], { filter: 'must_share', weight: 5 }),
      filterQuestion('languages', ['de', 'en', 'tr']),
      filterQuestion('gender', ['female', 'male', 'diverse']),
      filterQuestion('partner_gender', ['female', 'male', 'diverse']),
      filterQuestion('age_group', ['18_25', '26_35', '36_50']),
      filterQuestion('partner_age', ['18_25', '26_35', '36_50']),
    ];
    const p = profileFromAnswers(questions, {
      loss: ['c'],
      loss2: ['d'],
      languages: ['tr', 'de'],
      gender: ['diverse'],
      partner_gender: ['male'],
      age_group: ['26_35'],
      partner_age: ['18_25', '36_50'],
    });
    expect(p).toMatchObject({
      shareBits: 0b1100, // the must_share options count on from one question to the next
      languageBits: 0b101,
      genderBits: 0b100,
      partnerGenderBits: 0b010,
      ageBits: 0b010,
      partnerAgeBits: 0b101,
      gender: 'diverse',
      ageGroup: '26_35',
      languages: ['tr', 'de'],
    });
    const none = profileFromAnswers(questions, {});
    expect(none).toMatchObject({ gender: null, ageGroup: null, genderBits: 0, ageBits: 0, shareBits: 0 });
  });

  it('filter rule: a questionnaire without a filter question leaves that filter open (no bits, no error)', () => {
    const p = profileFromAnswers([question('a', ['x'])], { a: ['x'], gender: ['female'] });
    expect(p).toMatchObject({
      gender: null,
      genderBits: 0,
      partnerGenderBits: 0,
      languageBits: 0,
      languages: [],
      shareBits: 0,
    });
  });

  it('filter rule: thirty-one options fit an integer, thirty-two are refused; an unknown answer sets no bit', () => {
    const options = Array.from({ length: 32 }, (_, i) => `o${i}`);
    expect(optionBits(options.slice(0, 31), ['o30', 'o0'])).toBe(2 ** 30 + 1);
    expect(() => optionBits(options, ['o0'])).toThrow('a filter question has 32 options, 31 fit');
    expect(optionBits(['a', 'b'], ['zz'])).toBe(0);
    expect(optionBits(['a', 'b'], [])).toBe(0);
  });

  it('reason rule: each question names only its own shared answers, in the member’s language; health data is one generic line unless exact', () => {
    const sensitive = label('Vielleicht etwas gemeinsam');
    const questions = [
      question('ab', ['x', 'y']),
      question('cd', ['x', 'y'], { sensitive }),
      question('ef', ['x']),
      question('gh', ['x'], { sensitive }),
    ];
    const always = () => true;
    const never = () => false;
    expect(reasonFromTags(questions, ['cd:x', 'cd:y'], 'en', always)).toEqual([
      { question: 'Frage cd (en)', answers: ['Antwort x (en)', 'Antwort y (en)'] },
    ]);
    // Two sensitive questions shared: still one line, which does not name either question.
    expect(reasonFromTags(questions, ['cd:x', 'ab:y', 'gone:x', 'gh:x'], 'de', never)).toEqual([
      { question: 'Frage ab', answers: ['Antwort y'] },
      { question: 'Was euch verbinden kann', answers: ['Vielleicht etwas gemeinsam'] },
    ]);
    expect(reasonFromTags(questions, ['gh:x'], 'en', never)).toEqual([
      { question: 'What may connect you', answers: ['Vielleicht etwas gemeinsam (en)'] },
    ]);
    // Exactness is asked per question.
    expect(reasonFromTags(questions, ['cd:x', 'gh:x'], 'de', (k) => k === 'gh')).toEqual([
      { question: 'Was euch verbinden kann', answers: ['Vielleicht etwas gemeinsam'] },
      { question: 'Frage gh', answers: ['Antwort x'] },
    ]);
    expect(reasonFromTags(questions, ['ab:unknown'], 'de', always)).toEqual([]);
  });
});
