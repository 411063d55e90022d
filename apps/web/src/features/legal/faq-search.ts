import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as german } from '@orama/stemmers/german';
import type { FaqTopic } from '@trostnetz/contracts/content';
import type { Locale } from '@trostnetz/contracts/messages';

// Functions, not module-level arrows, so that each rule runs per call (docs/mutation-testing.md).

/** Case, accents and umlaut spellings do not matter: "kundigen" and "kuendigen" find "kündigen". */
function fold(s: string): string {
  return s
    .toLowerCase()
    .replace(/ä/g, 'a')
    .replace(/ö/g, 'o')
    .replace(/ü/g, 'u')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ae/g, 'a')
    .replace(/oe/g, 'o')
    .replace(/ue/g, 'u');
}

function words(s: string): string[] {
  return fold(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Whether an answer matches every word of the search: a word matches where it occurs in the question or the
 * answer (so a half-typed word finds), or where its stem begins one of theirs in the FAQ's language (Snowball),
 * so "kündigen" finds "Wie kündige ich Premium?" and "cancelling" finds "How do I cancel Premium?".
 */
function matcher(query: string, locale: Locale): ((text: string) => boolean) | null {
  const stem = locale === 'en' ? english : german;
  const wanted = words(query).map((w) => ({ word: w, stem: stem(w) }));
  if (!wanted.length) return null;
  return (text) => {
    const folded = fold(text);
    const stems = words(text).map(stem);
    return wanted.every((w) => folded.includes(w.word) || stems.some((s) => s.startsWith(w.stem)));
  };
}

/** Topics with only the answers that match every word of the search (question or answer text). */
export function filterTopics(topics: FaqTopic[], query: string, locale: Locale): FaqTopic[] {
  const matches = matcher(query, locale);
  if (!matches) return topics;
  return topics
    .map((topic) => ({ ...topic, items: topic.items.filter((i) => matches(`${i.question} ${i.text}`)) }))
    .filter((topic) => topic.items.length > 0);
}
