import { createColumnHelper } from '@tanstack/react-table';
import type { AuditEntry } from '@trostnetz/contracts/admin';
import { ClipboardList } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { LoadingNote } from '../../../../components/ui/spinner.tsx';
import { inputClass } from '../../../../components/ui/text-field.tsx';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { type AuditFilters, useAudit } from '../../api/audit.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { ConsolePage } from '../console-page.tsx';
import { DataTable } from '../shared/data-table.tsx';

const column = createColumnHelper<AuditEntry>();
const FILTERS = ['actor', 'action', 'target', 'from', 'to'] as const;

/** Every staff action, one row each (who, what, on whom, when, why); the filters live in the address. */
export function AuditScreen() {
  const { t, i18n } = useTranslation([CONSOLE_NS, 'nova']);
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = Object.fromEntries(
    FILTERS.map((f) => [f, params.get(f) ?? undefined]).filter(([, v]) => v),
  );
  const query = useAudit(filters);
  const format = useFormat();
  const toMessage = useErrorMessage();
  const entries = query.data?.pages.flatMap((p) => p.items) ?? [];

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    for (const f of FILTERS) {
      const value = String(data.get(f) ?? '').trim();
      if (value) next[f] = value;
    }
    setParams(next);
  };

  // Action names are dotted (`report.decide`); i18next reads dots as nesting, so the keys use `_`.
  const actionLabel = (action: string) => {
    const key = `audit.actions.${action.replace(/[.:]/g, '_')}`;
    return i18n.exists(`${CONSOLE_NS}:${key}`) ? t(key) : action;
  };

  const kind = (type: string) => t(`audit.targets.${type}`, { defaultValue: type });
  /**
   * On whom: a member by nickname; anything else by kind and number, with what it concerns when the server
   * names it as `kind:id` (a report's post, an appeal's decision), e.g. "Meldung #1 · Beitrag #2".
   */
  const targetText = (e: AuditEntry) => {
    if (!e.target_type) return '–';
    const number = e.target_id ? `#${e.target_id}` : '';
    if (e.target_type === 'member') return `${kind('member')} ${e.target_label || number}`.trim();
    const about = e.target_label ? /^([a-z_]+):(\d+)$/.exec(e.target_label) : null;
    const head = `${kind(e.target_type)} ${number}`.trim();
    if (about) return `${head} · ${kind(about[1]!)} #${about[2]}`;
    return e.target_label ? `${head} · ${e.target_label}` : head;
  };

  const columns = [
    column.accessor('created_at', {
      header: t('audit.columns.when'),
      cell: (c) => (
        <time dateTime={c.getValue()} className="whitespace-nowrap">
          {format.dateTime(c.getValue())}
        </time>
      ),
    }),
    column.accessor((e) => e.actor?.nickname ?? '', {
      id: 'actor',
      header: t('audit.columns.who'),
      cell: (c) => c.getValue() || '–',
    }),
    column.accessor('action', {
      header: t('audit.columns.what'),
      cell: (c) => <span data-audit-action={c.getValue()}>{actionLabel(c.getValue())}</span>,
    }),
    column.accessor((e) => (e.target_type ? `${e.target_type} ${e.target_id ?? ''}`.trim() : ''), {
      id: 'target',
      header: t('audit.columns.onWhom'),
      cell: ({ row }) => <span className="whitespace-nowrap">{targetText(row.original)}</span>,
    }),
    column.accessor((e) => e.reason ?? '', {
      id: 'why',
      header: t('audit.columns.why'),
      enableSorting: false,
      cell: (c) => (
        <span className="block max-w-md whitespace-pre-line break-words">{c.getValue() || '–'}</span>
      ),
    }),
  ];

  return (
    <ConsolePage title={t('nova:titles.nova-audit')} intro={t('audit.intro')} needs="audit.view">
      <form
        onSubmit={apply}
        aria-labelledby={`${id}-filters`}
        className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <h2 id={`${id}-filters`} className="font-semibold sm:col-span-2 lg:col-span-5">
          {t('audit.filters')}
        </h2>
        {FILTERS.map((f) => (
          <div key={f} className="space-y-1">
            <label htmlFor={`${id}-${f}`} className="block text-sm font-medium">
              {t(`audit.filter.${f}`)}
            </label>
            <input
              id={`${id}-${f}`}
              name={f}
              type={f === 'from' || f === 'to' ? 'date' : 'text'}
              defaultValue={params.get(f) ?? ''}
              className={inputClass}
            />
          </div>
        ))}
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
          <Button type="submit">{t('audit.apply')}</Button>
          {params.size > 0 && (
            <Button variant="secondary" onClick={() => setParams({})}>
              {t('audit.reset')}
            </Button>
          )}
        </div>
      </form>
      {query.isPending ? (
        <LoadingNote>{t('loading')}</LoadingNote>
      ) : query.isError ? (
        <Alert tone="error">{toMessage(query.error)}</Alert>
      ) : (
        <>
          <DataTable
            caption={t('audit.caption')}
            columns={columns}
            data={entries}
            getRowId={(e) => String(e.id)}
            empty={
              <EmptyState icon={ClipboardList} title={t('audit.empty.title')}>
                {t('audit.empty.text')}
              </EmptyState>
            }
          />
          {query.hasNextPage && (
            <Button
              variant="secondary"
              loading={query.isFetchingNextPage}
              onClick={() => query.fetchNextPage()}
            >
              {t('audit.more')}
            </Button>
          )}
        </>
      )}
    </ConsolePage>
  );
}
