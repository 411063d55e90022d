import { createColumnHelper } from '@tanstack/react-table';
import type { AdminMemberRow } from '@trostnetz/contracts/admin';
import { Search, Users } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { LoadingNote } from '../../../../components/ui/spinner.tsx';
import { inputClass } from '../../../../components/ui/text-field.tsx';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { useMembers } from '../../api/members.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { ConsolePage } from '../console-page.tsx';
import { DataTable } from '../shared/data-table.tsx';
import { MemberBadges } from './member-badges.tsx';

const column = createColumnHelper<AdminMemberRow>();

/** Finding a member by e-mail address, nickname or id; the search lives in the address. */
export function MembersScreen() {
  const { t } = useTranslation([CONSOLE_NS, 'nova']);
  const id = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const query = useMembers(q);
  const format = useFormat();
  const toMessage = useErrorMessage();
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(value ? { q: value } : {});
  };

  const columns = [
    column.accessor('nickname', {
      header: t('members.columns.nickname'),
      cell: ({ row }) => (
        <Link to={`/nova/members/${row.original.id}`} className="font-semibold">
          {row.original.nickname || t('members.deleted')}
        </Link>
      ),
    }),
    column.accessor('email', {
      header: t('members.columns.email'),
      cell: (c) => <span className="break-all">{c.getValue()}</span>,
    }),
    column.accessor('id', {
      header: t('members.columns.id'),
      cell: (c) => <span className="tabular-nums">{c.getValue()}</span>,
    }),
    column.display({
      id: 'state',
      header: t('members.columns.state'),
      cell: ({ row }) => <MemberBadges member={row.original} />,
    }),
    column.accessor('created_at', {
      header: t('members.columns.since'),
      cell: (c) => <time dateTime={c.getValue()}>{format.date(c.getValue())}</time>,
    }),
  ];

  return (
    <ConsolePage title={t('nova:titles.nova-members')} intro={t('members.intro')} needs="members.view">
      <search>
        <form onSubmit={search} className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 space-y-1">
            <label htmlFor={`${id}-q`} className="block font-medium">
              {t('members.searchLabel')}
            </label>
            <input id={`${id}-q`} name="q" type="search" defaultValue={q} className={inputClass} />
          </div>
          <Button type="submit">
            <Search aria-hidden="true" className="size-5" />
            {t('members.search')}
          </Button>
        </form>
      </search>
      {query.isPending ? (
        <LoadingNote>{t('loading')}</LoadingNote>
      ) : query.isError ? (
        <Alert tone="error">{toMessage(query.error)}</Alert>
      ) : (
        <>
          <DataTable
            caption={q ? t('members.captionFor', { q }) : t('members.caption')}
            columns={columns}
            data={rows}
            getRowId={(r) => String(r.id)}
            empty={
              <EmptyState icon={Users} title={t('members.empty.title')}>
                {t('members.empty.text')}
              </EmptyState>
            }
          />
          {query.hasNextPage && (
            <Button
              variant="secondary"
              loading={query.isFetchingNextPage}
              onClick={() => query.fetchNextPage()}
            >
              {t('members.more')}
            </Button>
          )}
        </>
      )}
    </ConsolePage>
  );
}
