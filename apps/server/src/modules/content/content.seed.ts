import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contentPages, faqEntries } from '../../db/schema/content.ts';
import { type SeedPage, seedFaq, seedPages } from './content.seed-data.ts';

/** The accessibility statement (BFSG, EU 2019/882 / BITV 2.0) the operator completes; new in issue 15. */
const accessibility: Record<'de' | 'en', SeedPage> = {
  de: {
    title: 'Erklärung zur Barrierefreiheit',
    intro:
      'Trostnetz soll für alle nutzbar sein, auch mit Screenreader, Tastatur, Vergrößerung oder in einfacher Sprache.',
    body: [
      '## Stand der Vereinbarkeit',
      'Wir richten uns nach den Web Content Accessibility Guidelines (WCAG) 2.1 auf Stufe AA und der europäischen Norm EN 301 549. Jede Seite wird bei jeder Änderung automatisch auf Barrieren geprüft und mit Tastatur und Screenreader getestet.',
      '## Was wir tun',
      '- Alle Funktionen sind mit der Tastatur erreichbar, der Fokus ist immer sichtbar.\n- Texte haben ausreichenden Kontrast und lassen sich auf 200 % vergrößern.\n- Formulare haben Beschriftungen und verständliche Fehlermeldungen.\n- Hilfe in einer Krise ist von jeder Seite aus mit einem Schritt erreichbar.',
      '## Bekannte Einschränkungen',
      'Uns sind derzeit keine Barrieren bekannt. Wenn dir eine auffällt, sag uns bitte Bescheid.',
      '## Barriere melden',
      'Schreib uns über den [Kundenservice](/customer-service) oder per E-Mail an {{operator.email}}. Wir antworten innerhalb von zwei Wochen.',
      '## Schlichtung',
      'Wenn wir dir nicht zufriedenstellend antworten, kannst du dich an die Schlichtungsstelle nach § 16 BGG beim Beauftragten der Bundesregierung für die Belange von Menschen mit Behinderungen wenden: [www.schlichtungsstelle-bgg.de](https://www.schlichtungsstelle-bgg.de).',
    ].join('\n\n'),
  },
  en: {
    title: 'Accessibility statement',
    intro:
      'Trostnetz should be usable by everyone, also with a screen reader, a keyboard, magnification or in plain language.',
    body: [
      '## Compliance status',
      'We follow the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA and the European standard EN 301 549. Every page is checked for barriers automatically on every change and tested with keyboard and screen reader.',
      '## What we do',
      '- Every function can be reached with the keyboard, and the focus is always visible.\n- Texts have sufficient contrast and can be enlarged to 200 %.\n- Forms have labels and understandable error messages.\n- Help in a crisis can be reached from every page in one step.',
      '## Known limitations',
      'We currently know of no barriers. If you notice one, please tell us.',
      '## Report a barrier',
      'Write to us through [customer service](/customer-service) or by e-mail to {{operator.email}}. We answer within two weeks.',
      '## Conciliation',
      'If our answer does not satisfy you, you can turn to the conciliation body under § 16 BGG at the Federal Government Commissioner for Matters relating to Persons with Disabilities: [www.schlichtungsstelle-bgg.de](https://www.schlichtungsstelle-bgg.de).',
    ].join('\n\n'),
  },
};

const allPages = { ...seedPages, accessibility };

/**
 * Idempotent, at every start: a page or language without any version gets the shipped text as version
 * 1; the FAQ of a language without any entry gets the shipped questions. What the operator changed stays.
 */
export async function seedContent(db: Db) {
  const rows = Object.entries(allPages).flatMap(([slug, byLocale]) =>
    (['de', 'en'] as const).map((locale) => ({ slug, locale, version: 1, ...byLocale[locale] })),
  );
  await db.insert(contentPages).values(rows).onConflictDoNothing();
  for (const locale of ['de', 'en'] as const) {
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(faqEntries)
      .where(sql`${faqEntries.locale} = ${locale}`);
    if (n > 0) continue;
    await db
      .insert(faqEntries)
      .values(seedFaq[locale].map((item, position) => ({ locale, position, ...item })))
      .onConflictDoNothing();
  }
}
