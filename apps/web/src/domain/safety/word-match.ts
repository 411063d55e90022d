import { foldText } from './crisis-terms.ts';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One expression for a list of terms, folded like the crisis terms (lower case, umlauts spelt out,
 * apostrophes dropped): a term counts only as whole words, a space stands for any white space, and a
 * `*` at the start or end of a word stands for more letters of that word ("nacktbild*" = "Nacktbilder").
 */
export function termPattern(terms: readonly string[]): RegExp {
  const alternatives = terms.map((term) =>
    escapeRegExp(foldText(term.trim())).replace(/\\\*/g, '[\\p{L}\\p{N}]*').replace(/ /g, '\\s+'),
  );
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'u');
}
