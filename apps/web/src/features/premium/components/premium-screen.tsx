import { Check, Heart, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { formatMoney, usePlans } from '../../../domain/premium/plans.ts';

const benefits = ['suggestions', 'requests', 'badge'] as const;
const alwaysFree = ['chat', 'groups', 'crisis', 'safety', 'data'] as const;

/** /premium: what premium adds, what stays free for everyone, and the plans (premium members go home). */
export function PremiumScreen() {
  const { t } = useTranslation('premium');
  const plans = usePlans();
  return (
    <Page title={t('titles.premium')} intro={t('intro')} width="wide">
      <div className="grid gap-6 md:grid-cols-2">
        <Card tone="accent" aria-labelledby="premium-more">
          <h2 id="premium-more" className="flex items-center gap-2 text-lg font-semibold">
            <Sparkles aria-hidden="true" className="size-5" /> {t('more.title')}
          </h2>
          <ul className="mt-4 space-y-2">
            {benefits.map((key) => (
              <li key={key} className="flex gap-2">
                <Check aria-hidden="true" className="mt-1 size-5 shrink-0 text-accent-strong" />
                {t(`more.${key}`)}
              </li>
            ))}
          </ul>
        </Card>
        <Card aria-labelledby="premium-free">
          <h2 id="premium-free" className="flex items-center gap-2 text-lg font-semibold">
            <Heart aria-hidden="true" className="size-5" /> {t('free.title')}
          </h2>
          <ul className="mt-4 space-y-2">
            {alwaysFree.map((key) => (
              <li key={key} className="flex gap-2">
                <Check aria-hidden="true" className="mt-1 size-5 shrink-0 text-accent-strong" />
                {t(`free.${key}`)}
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <section aria-labelledby="premium-plans">
        <h2 id="premium-plans" className="text-xl font-semibold">
          {t('plans.title')}
        </h2>
        <div className="mt-4">
          <QueryView query={plans} loading={t('plans.loading')}>
            {(list) =>
              list.length === 0 ? (
                <EmptyState
                  icon={Sparkles}
                  title={t('empty.title')}
                  link={{ to: '/dashboard', label: t('empty.action') }}
                >
                  {t('empty.text')}
                </EmptyState>
              ) : (
                <ul className="grid gap-4 md:grid-cols-3">
                  {list.map((plan) => (
                    <li key={plan.id}>
                      <Card className="flex h-full flex-col" aria-labelledby={`plan-${plan.id}`}>
                        <h3 id={`plan-${plan.id}`} className="text-lg font-semibold">
                          {t('plans.months', { count: plan.months })}
                        </h3>
                        <p className="mt-2 text-2xl font-semibold">
                          {t('plans.perMonth', { price: formatMoney(plan.per_month_cents) })}
                        </p>
                        <p className="mt-1 text-muted">
                          {t('plans.total', { total: formatMoney(plan.total_cents), count: plan.months })}
                        </p>
                        <p className="mt-1 text-sm text-muted">
                          {t('plans.renewal', { count: plan.months })}
                        </p>
                        <ButtonLink
                          to={`/checkout/${plan.id}`}
                          className="mt-5 w-full"
                          aria-describedby={`plan-${plan.id}`}
                        >
                          {t('plans.choose')}
                        </ButtonLink>
                      </Card>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryView>
        </div>
        <p className="mt-4 text-muted">{t('plans.cancelAnytime')}</p>
      </section>
    </Page>
  );
}
