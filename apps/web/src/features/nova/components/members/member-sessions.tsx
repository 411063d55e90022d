import { createColumnHelper } from '@tanstack/react-table';
import type { AdminMemberSession } from '@trostnetz/contracts/admin';
import { MonitorSmartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { CONSOLE_NS } from '../../console-texts.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { DataTable } from '../shared/data-table.tsx';

const column = createColumnHelper<AdminMemberSession>();

/** Where the member is signed in: when it began, when last used, which kind of client; no addresses. */
export function MemberSessions({ sessions }: { sessions: AdminMemberSession[] }) {
  const { t } = useTranslation(CONSOLE_NS);
  const format = useFormat();
  const columns = [
    column.accessor('created_at', {
      header: t('member.sessions.created'),
      cell: (c) => format.dateTime(c.getValue()),
    }),
    column.accessor('last_used_at', {
      header: t('member.sessions.lastUsed'),
      cell: (c) => (c.getValue() ? format.dateTime(c.getValue() as string) : '–'),
    }),
    column.accessor('client', {
      header: t('member.sessions.client'),
      cell: (c) => c.getValue() ?? '–',
    }),
    column.accessor('revoked', {
      header: t('member.sessions.state'),
      cell: (c) => (c.getValue() ? t('member.sessions.ended') : t('member.sessions.active')),
    }),
  ];
  return (
    <DataTable
      caption={t('member.sessions.title')}
      showCaption
      columns={columns}
      data={sessions}
      empty={
        <EmptyState icon={MonitorSmartphone} title={t('member.sessions.emptyTitle')}>
          {t('member.sessions.emptyText')}
        </EmptyState>
      }
    />
  );
}
