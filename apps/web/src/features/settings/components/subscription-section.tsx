import { useQueryClient } from '@tanstack/react-query';
import type { MySubscription } from '@trostnetz/contracts/payments';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { formatDate, formatMoney } from '../../../domain/premium/plans.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { realtimeBus } from '../../../lib/realtime.ts';
import {
  subscriptionQuery,
  useCancelSubscription,
  useSetSupporterBadge,
  useSubscription,
} from '../api/subscription.ts';
import { SettingsSection } from './settings-section.tsx';

function Details({ data }: { data: MySubscription }) {
  const { t } = useTranslation('settings');
  const cancel = useCancelSubscription();
  const badge = useSetSupporterBadge();
  const toMessage = useErrorMessage();
  const sub = data.subscription;
  const running = sub && (sub.status === 'active' || sub.status === 'past_due');
  return (
    <div className="space-y-4">
      {sub ? (
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="text-muted">{t('subscription.plan')}</dt>
          <dd className="font-semibold">
            {t('subscription.planValue', {
              count: sub.plan.months,
              total: formatMoney(sub.plan.total_cents),
            })}
          </dd>
          <dt className="text-muted">{t('subscription.reference')}</dt>
          <dd>{sub.reference}</dd>
          <dt className="text-muted">{t('subscription.state')}</dt>
          <dd>{t(`subscription.status.${sub.status}`)}</dd>
          {running && sub.ends_at && (
            <>
              <dt className="text-muted">{t('subscription.endsAt')}</dt>
              <dd>{formatDate(sub.ends_at)}</dd>
            </>
          )}
          {running && !sub.ends_at && sub.current_period_end && (
            <>
              <dt className="text-muted">{t('subscription.periodEnd')}</dt>
              <dd>{formatDate(sub.current_period_end)}</dd>
            </>
          )}
          {sub.status === 'past_due' && sub.grace_until && (
            <>
              <dt className="text-muted">{t('subscription.graceUntil')}</dt>
              <dd>{formatDate(sub.grace_until)}</dd>
            </>
          )}
        </dl>
      ) : (
        <p>{data.is_premium ? t('subscription.premiumWithoutContract') : t('subscription.none')}</p>
      )}
      {cancel.isError && <Alert tone="error">{toMessage(cancel.error)}</Alert>}
      {cancel.isSuccess && <Alert tone="success">{t('subscription.cancelled')}</Alert>}
      {running && !sub.ends_at && (
        <Button
          variant="secondary"
          onClick={() => cancel.mutate()}
          loading={cancel.isPending}
          loadingLabel={t('saving')}
        >
          {t('subscription.cancel')}
        </Button>
      )}
      {!data.is_premium && (
        <ButtonLink to="/premium" variant="secondary">
          {t('subscription.toPremium')}
        </ButtonLink>
      )}
      {data.is_premium && (
        <Switch
          label={t('subscription.badge')}
          description={t('subscription.badgeHint')}
          checked={data.show_supporter_badge}
          onCheckedChange={(show) => badge.mutate(show)}
          disabled={badge.isPending}
        />
      )}
      {data.receipts.length > 0 && (
        <div>
          <h3 className="font-semibold">{t('subscription.receipts')}</h3>
          <ul className="mt-2 divide-y divide-line">
            {data.receipts.map((r) => (
              <li key={r.number} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  {r.number} · {formatDate(r.paid_at)}
                </span>
                <span className="font-medium">{formatMoney(r.amount_cents)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Premium in /settings (issue 14): plan, period end, receipts, one-click cancel, the supporter badge. */
export function SubscriptionSection() {
  const { t } = useTranslation('settings');
  const query = useSubscription();
  const client = useQueryClient();
  useEffect(
    () =>
      realtimeBus.on(
        'PremiumChanged',
        () => void client.invalidateQueries({ queryKey: subscriptionQuery.queryKey }),
      ),
    [client],
  );
  return (
    <div id="subscription">
      <SettingsSection title={t('subscription.title')} text={t('subscription.text')}>
        <QueryView query={query} loading={t('loading')}>
          {(data) => <Details data={data} />}
        </QueryView>
      </SettingsSection>
    </div>
  );
}
