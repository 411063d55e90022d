import { CONTENT_SLUGS, type ContentSlug } from '@trostnetz/contracts/content';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryView } from '../../../../components/ui/query-view.tsx';
import { inputClass } from '../../../../components/ui/text-field.tsx';
import { useContentHistory } from '../../api/content.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { ConsolePage } from '../console-page.tsx';
import { ContentEditor } from './content-editor.tsx';
import { ContentHistory } from './content-history.tsx';
import { FaqEditor } from './faq-editor.tsx';

const LOCALES = ['de', 'en'] as const;
const PAGES = [...CONTENT_SLUGS, 'faq'] as const;
type PageChoice = (typeof PAGES)[number];

/** The legal pages and the FAQ per language: edit the Markdown with a preview, publish, restore. */
export function ContentScreen() {
  const { t } = useTranslation([CONSOLE_NS, 'nova']);
  const id = useId();
  const [params, setParams] = useSearchParams();
  const page = (PAGES as readonly string[]).includes(params.get('page') ?? '')
    ? (params.get('page') as PageChoice)
    : 'imprint';
  const locale = params.get('locale') === 'en' ? 'en' : 'de';
  const choose = (next: { page?: string; locale?: string }) =>
    setParams({ page: next.page ?? page, locale: next.locale ?? locale });

  return (
    <ConsolePage title={t('nova:titles.nova-content')} intro={t('content.intro')} needs="content.edit">
      <div className="flex flex-wrap gap-4">
        <div className="space-y-1">
          <label htmlFor={`${id}-page`} className="block font-medium">
            {t('content.page')}
          </label>
          <select
            id={`${id}-page`}
            className={inputClass}
            value={page}
            onChange={(e) => choose({ page: e.target.value })}
          >
            {PAGES.map((p) => (
              <option key={p} value={p}>
                {t(`content.pages.${p}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-locale`} className="block font-medium">
            {t('content.locale')}
          </label>
          <select
            id={`${id}-locale`}
            className={inputClass}
            value={locale}
            onChange={(e) => choose({ locale: e.target.value })}
          >
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {t(`content.locales.${l}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {page === 'faq' ? (
        <FaqEditor locale={locale} />
      ) : (
        <PageEditor key={`${page}-${locale}`} slug={page} locale={locale} />
      )}
    </ConsolePage>
  );
}

function PageEditor({ slug, locale }: { slug: ContentSlug; locale: 'de' | 'en' }) {
  const { t } = useTranslation(CONSOLE_NS);
  const history = useContentHistory(slug, locale);
  return (
    <QueryView query={history} loading={t('loading')}>
      {(versions) => (
        <div className="space-y-6">
          <ContentEditor
            key={versions[0]?.version ?? 0}
            slug={slug}
            locale={locale}
            current={versions[0] ?? null}
          />
          <ContentHistory slug={slug} locale={locale} versions={versions} />
        </div>
      )}
    </QueryView>
  );
}
