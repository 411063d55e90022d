import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/ui/page.tsx';
import { slug } from './legal-document.tsx';

interface FaqGroup {
  title: string;
  items: Array<{ q: string; a: string }>;
}

export function FaqScreen() {
  const { t } = useTranslation(['legal', 'layout']);
  const groups = t('faq.groups', { ns: 'legal', returnObjects: true }) as FaqGroup[];
  return (
    <Page title={t('titles.faq')} intro={t('faq.intro', { ns: 'legal' })}>
      {groups.map((group) => (
        <section key={group.title} aria-labelledby={slug(group.title)} className="space-y-3">
          <h2 id={slug(group.title)} className="text-xl font-semibold">
            {group.title}
          </h2>
          {group.items.map((item) => (
            <details
              key={item.q}
              id={slug(item.q)}
              className="group rounded-2xl border border-line bg-surface open:border-accent/40"
            >
              <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-3 font-semibold [&::-webkit-details-marker]:hidden">
                {item.q}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="px-5 pb-5 max-w-prose">{item.a}</p>
            </details>
          ))}
        </section>
      ))}
      <p>
        <Link to="/customer-service">{t('footer.customerService', { ns: 'layout' })}</Link>
      </p>
    </Page>
  );
}
