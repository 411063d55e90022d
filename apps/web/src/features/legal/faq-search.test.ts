import type { FaqTopic } from '@trostnetz/contracts/content';
import { describe, expect, it } from 'vitest';
import { filterTopics } from './faq-search.ts';

// Three answers of the FAQ as it is seeded (content.seed-data.ts), per language.
const faq: Record<'de' | 'en', FaqTopic[]> = {
  de: [
    {
      anchor: 'ueber-trostnetz',
      title: 'Über Trostnetz',
      items: [
        {
          anchor: 'was-ist-trostnetz',
          question: 'Was ist Trostnetz?',
          html: '',
          text: 'Eine Gemeinschaft, in der Menschen in Trauer oder Krise Trostpartner finden.',
        },
        {
          anchor: 'ich-habe-mein-passwort-vergessen',
          question: 'Ich habe mein Passwort vergessen.',
          html: '',
          text: 'Wähle bei der Anmeldung „Passwort vergessen?“. Wir schicken dir einen Link, mit dem du ein neues Passwort festlegst.',
        },
      ],
    },
    {
      anchor: 'premium',
      title: 'Premium',
      items: [
        {
          anchor: 'kuendigen',
          question: 'Wie kündige ich Premium?',
          html: '',
          text: 'Jederzeit zum Ende der Laufzeit in deinen Einstellungen oder über den Kundenservice.',
        },
      ],
    },
  ],
  en: [
    {
      anchor: 'ueber-trostnetz',
      title: 'About Trostnetz',
      items: [
        {
          anchor: 'ich-habe-mein-passwort-vergessen',
          question: 'I have forgotten my password.',
          html: '',
          text: "Choose “Forgotten your password?” when signing in. We'll send you a link to set a new password.",
        },
      ],
    },
    {
      anchor: 'premium',
      title: 'Premium',
      items: [
        {
          anchor: 'kuendigen',
          question: 'How do I cancel Premium?',
          html: '',
          text: 'At any time to the end of the term, in your settings or through customer service.',
        },
      ],
    },
  ],
};

const found = (lang: 'de' | 'en', query: string) =>
  filterTopics(faq[lang], query, lang).flatMap((t) => t.items.map((i) => i.question));

describe('the FAQ search finds its own example, in German and English word forms', () => {
  it('"kündigen" (the search field\'s example) finds "Wie kündige ich Premium?" and nothing else', () => {
    expect(found('de', 'kündigen')).toEqual(['Wie kündige ich Premium?']);
  });

  it('other forms and spellings of the word find it too: Kündigung, kuendigen, kundige', () => {
    for (const q of ['Kündigung', 'kuendigen', 'kundige', 'KÜNDIGEN'])
      expect(found('de', q)).toEqual(['Wie kündige ich Premium?']);
  });

  it('a half-typed word still finds what it begins: "vergess", "kün"', () => {
    expect(found('de', 'vergess')).toEqual(['Ich habe mein Passwort vergessen.']);
    expect(found('de', 'kün')).toEqual(['Wie kündige ich Premium?']);
  });

  it('English forms: "cancelling" and "cancelled" find "How do I cancel Premium?", "forgot" the password', () => {
    expect(found('en', 'cancelling')).toEqual(['How do I cancel Premium?']);
    expect(found('en', 'cancelled')).toEqual(['How do I cancel Premium?']);
    expect(found('en', 'forgotten password')).toEqual(['I have forgotten my password.']);
  });

  it('every word must match: "kündigen Passwort" finds nothing, a word in no answer finds nothing', () => {
    expect(found('de', 'kündigen Passwort')).toEqual([]);
    expect(found('de', 'Urlaub')).toEqual([]);
    expect(found('en', 'holiday')).toEqual([]);
  });

  it('umlauts, ß and accents match however they are typed: Größe, Straße, Männer, Café', () => {
    const topics: FaqTopic[] = [
      {
        anchor: 'beispiel',
        title: 'Beispiel',
        items: [{ anchor: 'a', question: 'Größe, Straße, Männer und ein Café', html: '', text: '' }],
      },
    ];
    for (const q of ['grosse', 'groesse', 'strasse', 'maenner', 'manner', 'cafe', 'CAFÉ'])
      expect(filterTopics(topics, q, 'de')[0]?.items.length, q).toBe(1);
  });

  it('a stem that begins a longer word finds it: "kündigen" finds the "Kündigungsfrist"', () => {
    const topics: FaqTopic[] = [
      {
        anchor: 'vertrag',
        title: 'Vertrag',
        items: [{ anchor: 'frist', question: 'Wie lang ist die Kündigungsfrist?', html: '', text: '' }],
      },
    ];
    expect(filterTopics(topics, 'kündigen', 'de')[0]?.items.length).toBe(1);
  });

  it('an empty search (or only spaces and marks) keeps every topic as it is', () => {
    expect(filterTopics(faq.de, '', 'de')).toBe(faq.de);
    expect(filterTopics(faq.de, '  „“ ', 'de')).toBe(faq.de);
  });

  it('topics without a matching answer are left out; a matching topic keeps only its matching answers', () => {
    expect(filterTopics(faq.de, 'vergessen', 'de')).toEqual([{ ...faq.de[0], items: [faq.de[0]!.items[1]] }]);
  });
});
