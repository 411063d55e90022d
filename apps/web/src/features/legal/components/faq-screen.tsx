import { ChevronDown, Link2, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/ui/page.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { inputClass } from '../../../components/ui/text-field.tsx';
import { useFaq } from '../api/get-faq.ts';
import { filterTopics } from '../faq-search.ts';
import { useScrollToHash } from '../hooks/use-scroll-to-hash.ts';
import { SafeHtml } from './safe-html.tsx';
import { UpdatedNote } from './updated-note.tsx';

export function FaqScreen() {
  const { t } = useTranslation(['legal', 'layout']);
  const query = useFaq();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<Set<string>>(new Set());
  const searchId = useId();
  const topics = useMemo(
    () => filterTopics(query.data?.topics ?? [], search, query.data?.locale ?? 'de'),
    [query.data, search],
  );
  const count = topics.reduce((n, topic) => n + topic.items.length, 0);

  // `/faq#kuendigen`: once the answers are there, open that one and scroll smoothly to it.
  useScrollToHash(Boolean(query.data), (anchor) => {
    const known = query.data?.topics.some((topic) => topic.items.some((i) => i.anchor === anchor));
    if (known) setOpen((prev) => new Set(prev).add(anchor));
    return Boolean(known);
  });

  const toggle = (anchor: string, isOpen: boolean) =>
    setOpen((prev) => {
      if (prev.has(anchor) === isOpen) return prev;
      const next = new Set(prev);
      if (isOpen) next.add(anchor);
      else next.delete(anchor);
      return next;
    });

  return (
    <Page title={t('titles.faq')} intro={t('faq.intro', { ns: 'legal' })}>
      <QueryView query={query} loading={t('faq.loading', { ns: 'legal' })}>
        {(faq) => (
          <>
            <search className="block space-y-1.5">
              <label htmlFor={searchId} className="block font-medium">
                {t('faq.searchLabel', { ns: 'legal' })}
              </label>
              <div className="relative">
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute top-3.5 left-4 size-5 text-muted"
                />
                <input
                  id={searchId}
                  type="search"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  placeholder={t('faq.searchHint', { ns: 'legal' })}
                  className={`${inputClass} pl-12`}
                  autoComplete="off"
                />
              </div>
              <p aria-live="polite" className="text-sm text-muted">
                {search.trim() ? t('faq.results', { ns: 'legal', count }) : ''}
              </p>
            </search>
            {count === 0 && (
              <p className="rounded-2xl border border-dashed border-line-strong bg-surface/60 px-5 py-6">
                {t('faq.noResults', { ns: 'legal' })}{' '}
                <Link to="/customer-service">{t('footer.customerService', { ns: 'layout' })}</Link>
              </p>
            )}
            {topics.map((topic) => (
              <section key={topic.anchor} aria-labelledby={`topic-${topic.anchor}`} className="space-y-3">
                <h2 id={`topic-${topic.anchor}`} className="text-xl font-semibold">
                  {topic.title}
                </h2>
                {topic.items.map((item) => (
                  <details
                    key={item.anchor}
                    id={item.anchor}
                    open={open.has(item.anchor) || Boolean(search.trim())}
                    onToggle={(e) => toggle(item.anchor, e.currentTarget.open)}
                    className="group scroll-mt-20 rounded-2xl border border-line bg-surface open:border-accent/40"
                  >
                    <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-3 font-semibold [&::-webkit-details-marker]:hidden">
                      {item.question}
                      <ChevronDown
                        aria-hidden="true"
                        className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180"
                      />
                    </summary>
                    <div className="px-5 pb-5">
                      <SafeHtml html={item.html} className="prose-calm" />
                      <a
                        href={`#${item.anchor}`}
                        className="mt-3 inline-flex min-h-11 items-center gap-1.5 text-sm text-muted"
                      >
                        <Link2 aria-hidden="true" className="size-4" />
                        {t('faq.linkToAnswer', { ns: 'legal' })}
                      </a>
                    </div>
                  </details>
                ))}
              </section>
            ))}
            <UpdatedNote at={faq.updated_at} />
          </>
        )}
      </QueryView>
      <p>
        <Link to="/customer-service">{t('footer.customerService', { ns: 'layout' })}</Link>
      </p>
    </Page>
  );
}
