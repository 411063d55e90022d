import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page.tsx';

interface Section {
  title: string;
  paragraphs?: string[];
  items?: string[];
}

export type LegalDoc = 'imprint' | 'privacy' | 'revocation' | 'conditions';

/** A legal text from locales/<lang>/legal.json, rendered as headed sections. */
export function LegalDocument({ doc }: { doc: LegalDoc }) {
  const { t } = useTranslation('legal');
  const sections = t(`${doc}.sections`, { ns: 'legal', returnObjects: true }) as Section[];
  return (
    <Page title={t(`titles.${doc}`)} intro={t(`${doc}.intro`, { ns: 'legal' })}>
      <article className="prose-calm rounded-2xl border border-line bg-surface p-5 sm:p-8">
        {sections.map((section) => (
          <section key={section.title} aria-labelledby={slug(section.title)}>
            <h2 id={slug(section.title)}>{section.title}</h2>
            {section.items && (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
            {section.paragraphs?.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
        <p className="mt-8 text-sm text-muted">
          {t('updated', { ns: 'legal' })} · {t('demoNote', { ns: 'legal' })}
        </p>
      </article>
    </Page>
  );
}

/** Stable anchors so a reload with #hash lands on the section. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
