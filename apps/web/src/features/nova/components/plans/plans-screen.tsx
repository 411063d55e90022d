import { createColumnHelper } from '@tanstack/react-table';
import { type AdminPlan, createPlanBody, planPriceBody } from '@trostnetz/contracts/admin';
import { adminOperationsApi } from '@trostnetz/contracts/admin.endpoints';
import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { QueryView } from '../../../../components/ui/query-view.tsx';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { useAdminPlans, usePlanAction } from '../../api/plans.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { ConsolePage } from '../console-page.tsx';
import { ActionDialog } from '../shared/action-dialog.tsx';
import { DataTable } from '../shared/data-table.tsx';

const column = createColumnHelper<AdminPlan>();

/** The premium plans: create, change the price (for new orders only), retire. */
export function PlansScreen() {
  const { t, i18n } = useTranslation([CONSOLE_NS, 'nova']);
  const query = useAdminPlans();
  const create = usePlanAction<{ id: string; months: number; total_cents: number }>(
    adminOperationsApi.createPlan,
  );
  const price = usePlanAction<{ id: string; total_cents: number }>(adminOperationsApi.updatePlan, (b) => ({
    id: b.id,
  }));
  const retire = usePlanAction<{ id: string }>(adminOperationsApi.retirePlan, (b) => ({ id: b.id }));
  const toMessage = useErrorMessage();
  const euro = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' });

  const columns = [
    column.accessor('id', {
      header: t('plans.columns.id'),
      cell: (c) => <span className="font-mono">{c.getValue()}</span>,
    }),
    column.accessor('months', {
      header: t('plans.columns.months'),
      cell: (c) => t('plans.months', { count: c.getValue() }),
    }),
    column.accessor('total_cents', {
      header: t('plans.columns.total'),
      cell: (c) => euro.format(c.getValue() / 100),
    }),
    column.accessor('per_month_cents', {
      header: t('plans.columns.perMonth'),
      cell: (c) => euro.format(c.getValue() / 100),
    }),
    column.accessor('retired', {
      header: t('plans.columns.state'),
      cell: (c) => (c.getValue() ? t('plans.retired') : t('plans.active')),
    }),
    column.display({
      id: 'actions',
      header: t('plans.columns.actions'),
      meta: { hiddenHeader: true },
      cell: ({ row }) =>
        row.original.retired ? null : (
          <div className="flex flex-wrap gap-2">
            <ActionDialog
              label={t('plans.price')}
              title={t('plans.priceTitle', { id: row.original.id })}
              description={t('plans.priceText')}
              schema={planPriceBody}
              defaultValues={{ total_cents: row.original.total_cents }}
              fields={[{ name: 'total_cents', kind: 'text', label: t('plans.totalCents') }]}
              submitLabel={t('plans.save')}
              send={(values) => price.mutateAsync({ id: row.original.id, ...values })}
            />
            <Button
              variant="ghost"
              size="sm"
              loading={retire.isPending && retire.variables?.id === row.original.id}
              onClick={() => retire.mutate({ id: row.original.id })}
            >
              {t('plans.retire')}
            </Button>
          </div>
        ),
    }),
  ];

  return (
    <ConsolePage
      title={t('nova:titles.nova-plans')}
      intro={t('plans.intro')}
      needs="plans.manage"
      actions={
        <ActionDialog
          label={t('plans.new')}
          title={t('plans.new')}
          description={t('plans.newText')}
          schema={createPlanBody}
          defaultValues={{ id: '', months: 1, total_cents: 0 }}
          fields={[
            { name: 'id', kind: 'text', label: t('plans.columns.id') },
            { name: 'months', kind: 'text', label: t('plans.columns.months') },
            { name: 'total_cents', kind: 'text', label: t('plans.totalCents') },
          ]}
          submitLabel={t('plans.create')}
          variant="primary"
          send={(values) => create.mutateAsync(values)}
        />
      }
    >
      {retire.isError && <Alert tone="error">{toMessage(retire.error)}</Alert>}
      <QueryView query={query} loading={t('loading')}>
        {(plans) => (
          <DataTable
            caption={t('plans.caption')}
            columns={columns}
            data={plans}
            getRowId={(p) => p.id}
            empty={
              <EmptyState icon={CreditCard} title={t('plans.empty.title')}>
                {t('plans.empty.text')}
              </EmptyState>
            }
          />
        )}
      </QueryView>
    </ConsolePage>
  );
}
