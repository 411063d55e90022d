import { describe, expect, it } from 'vitest';
import { mentionsCrisis } from './crisis-terms.ts';

describe('crisis hint rule: words of acute crisis are recognised on the device', () => {
  it.each([
    'Ich will nicht mehr leben.',
    'manchmal möchte ich einfach STERBEN – nein: ich möchte sterben',
    'Ich moechte nicht mehr leben',
    'Heute denke ich daran, mich umzubringen.',
    'ich habe Suizidgedanken seit Wochen',
    'Ich bin so lebensmüde',
    'ich bin so lebensmuede',
    'Ich will mir das\nLeben nehmen',
    'Manchmal will ich nicht mehr leben.',
    'Ich weiß nur, dass ich nicht mehr leben möchte',
  ])('German: %s', (text) => expect(mentionsCrisis(text)).toBe(true));

  it.each([
    'I want to die.',
    "I don't want to live anymore",
    'I don’t want to live without her',
    'Sometimes I think about KILLING MYSELF',
    'I feel suicidal tonight',
    'maybe I should just end it all',
  ])('English: %s', (text) => expect(mentionsCrisis(text)).toBe(true));

  it.each([
    '',
    'Mein Bruder starb durch Suizid, vor zwei Jahren.',
    'Der Selbstmord meines Vaters ist jetzt fünf Jahre her.',
    'Ich will die Kinder heute zur Oma herumbringen.',
    'Sie wollte, dass ich ihre Sterbebegleitung übernehme.',
    'Ich will ihm das Buch mitbringen.',
    'Wir sind Sterbende, sagt der Pfarrer.',
    'I skill myself up every day with new hobbies.',
    'My sister died by suicide last spring.',
    'The candles burnt to the end. It is all right.',
    'I want to dye my hair.',
  ])('no false alarm: %s', (text) => expect(mentionsCrisis(text)).toBe(false));
});
