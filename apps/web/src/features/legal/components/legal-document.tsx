import type { ContentSlug } from '@trostnetz/contracts/content';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useContentPage } from '../api/get-content-page.ts';
import { useScrollToHash } from '../hooks/use-scroll-to-hash.ts';
import { SafeHtml } from './safe-html.tsx';
import { UpdatedNote } from './updated-note.tsx';

/** A page the operator keeps current (GET /api/content/{slug}), with the date of its version. */
export function LegalDocument({ slug }: { slug: ContentSlug }) {
  const { t } = useTranslation('legal');
  const query = useContentPage(slug);
  useScrollToHash(Boolean(query.data));
  return (
    <Page title={query.data?.title ?? t(`titles.${slug}`)} intro={query.data?.intro || undefined}>
      <QueryView query={query} loading={t('loading')}>
        {(page) => (
          <article
            className="prose-calm rounded-2xl border border-line bg-surface p-5 sm:p-8"
            lang={page.locale}
          >
            <SafeHtml html={page.html} />
            <UpdatedNote at={page.updated_at} />
          </article>
        )}
      </QueryView>
    </Page>
  );
}
