/**
 * Words of acute crisis, German and English, kept as data: while a member writes a post, a comment or
 * a chat message that contains one, a calm hint with the crisis lines appears beside the editor (on the
 * device only; nothing is sent, nothing is blocked). Phrases are first-person and acute on purpose:
 * members of a group about a loss through suicide write "Suizid" about the person they lost, and the
 * hint is for the writer's own danger, not for the topic.
 * Written lower case, with umlauts or their ae/oe/ue spelling alike; a space stands for any white space.
 */
export const crisisTerms: Record<'de' | 'en', readonly string[]> = {
  de: [
    'mich umbringen',
    'mich umzubringen',
    'bring mich um',
    'bringe mich um',
    'mich töten',
    'mich zu töten',
    'mir das leben nehmen',
    'mir das leben zu nehmen',
    'nehme mir das leben',
    'mir etwas antun',
    'mir was antun',
    'mir etwas anzutun',
    'will sterben',
    'möchte sterben',
    'will nicht mehr leben',
    'will ich nicht mehr leben',
    'nicht mehr leben will',
    'möchte nicht mehr leben',
    'möchte ich nicht mehr leben',
    'nicht mehr leben möchte',
    'will ich sterben',
    'möchte ich sterben',
    'kann nicht mehr leben',
    'will nicht mehr aufwachen',
    'wäre lieber tot',
    'will tot sein',
    'allem ein ende setzen',
    'ein ende machen',
    'selbstmordgedanken',
    'suizidgedanken',
    'suizidal',
    'lebensmüde',
    'mich ritzen',
    'ritze mich',
  ],
  en: [
    'kill myself',
    'killing myself',
    'end my life',
    'ending my life',
    'take my own life',
    'taking my own life',
    'want to die',
    'wanna die',
    'dont want to live',
    'do not want to live',
    'better off dead',
    'no reason to live',
    'end it all',
    'suicidal',
    'hurt myself',
    'harm myself',
    'cut myself',
  ],
};

/** Lower case, umlauts and ß spelt out, apostrophes dropped ("don't" = "dont"), white space single. */
export function foldText(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/['’`´]/g, '')
    .replace(/\s+/g, ' ');
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One expression for both languages: a term counts only as whole words (no letter or digit beside it). */
const pattern = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...crisisTerms.de, ...crisisTerms.en]
    .map((term) => escapeRegExp(foldText(term)).replace(/ /g, '\\s+'))
    .join('|')})(?![\\p{L}\\p{N}])`,
  'u',
);

/** Whether `text` contains words of acute crisis (either language). */
export function mentionsCrisis(text: string): boolean {
  return text.trim() !== '' && pattern.test(foldText(text));
}
