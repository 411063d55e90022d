import type { Plan } from '@trostnetz/contracts/payments';
import { CreditCard } from 'lucide-react';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { LoginForm } from '../../../domain/account/login-form.tsx';
import { RegisterForm } from '../../../domain/account/register-form.tsx';
import { formatMoney, usePlans } from '../../../domain/premium/plans.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { authenticatedUser, useUserStore } from '../../../lib/storage/user-store.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import { useContinueAt } from '../hooks/use-continue-at.ts';

function NewTabLink({ to, children }: { to: string; children?: React.ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Link to={to} target="_blank" rel="noopener">
      {children}
      <span className="sr-only"> ({t('opensInNewTab')})</span>
    </Link>
  );
}

/** The order's essentials before anything is paid: plan, total, renewal and how to cancel. */
function Summary({ plan, plans }: { plan: Plan; plans: Plan[] }) {
  const { t } = useTranslation('checkout');
  return (
    <Card aria-labelledby="checkout-summary">
      <h2 id="checkout-summary" className="text-lg font-semibold">
        {t('summary.title')}
      </h2>
      <nav aria-label={t('summary.choose')} className="mt-4">
        <ul className="grid gap-2 sm:grid-cols-3">
          {plans.map((p) => (
            <li key={p.id}>
              <Link
                to={`/checkout/${p.id}`}
                replace
                aria-current={p.id === plan.id ? 'true' : undefined}
                className={cn(
                  'flex min-h-11 flex-col rounded-xl border px-4 py-2 no-underline',
                  p.id === plan.id
                    ? 'border-accent bg-accent-soft font-semibold'
                    : 'border-line-strong bg-surface',
                )}
              >
                <span className="text-ink">{t('summary.months', { count: p.months })}</span>
                <span className="text-sm text-muted">
                  {t('summary.perMonth', { price: formatMoney(p.per_month_cents) })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <dl className="mt-5 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">{t('summary.plan')}</dt>
        <dd className="font-semibold">{t('summary.planName', { count: plan.months })}</dd>
        <dt className="text-muted">{t('summary.total')}</dt>
        <dd className="font-semibold" data-testid="checkout-total">
          {t('summary.totalValue', { total: formatMoney(plan.total_cents), count: plan.months })}
        </dd>
        <dt className="text-muted">{t('summary.renewal')}</dt>
        <dd>{t('summary.renewalValue', { count: plan.months, total: formatMoney(plan.total_cents) })}</dd>
        <dt className="text-muted">{t('summary.cancel')}</dt>
        <dd>{t('summary.cancelValue')}</dd>
      </dl>
    </Card>
  );
}

/** Guests sign in or register right here and continue with the same plan (issue 14). */
function AccountStep() {
  const { t } = useTranslation('checkout');
  const [mode, setMode] = useState<'register' | 'login'>('register');
  const setUser = useUserStore((s) => s.setUser);
  return (
    <Card aria-labelledby="checkout-account">
      <h2 id="checkout-account" className="text-lg font-semibold">
        {t('account.title')}
      </h2>
      <p className="mt-1 text-muted">{t('account.text')}</p>
      <fieldset className="mt-4 flex flex-wrap gap-2">
        <legend className="sr-only">{t('account.title')}</legend>
        <Button
          variant={mode === 'register' ? 'primary' : 'secondary'}
          aria-pressed={mode === 'register'}
          onClick={() => setMode('register')}
          size="sm"
        >
          {t('account.register')}
        </Button>
        <Button
          variant={mode === 'login' ? 'primary' : 'secondary'}
          aria-pressed={mode === 'login'}
          onClick={() => setMode('login')}
          size="sm"
        >
          {t('account.login')}
        </Button>
      </fieldset>
      <div className="mt-5">
        {mode === 'register' ? <RegisterForm onDone={setUser} /> : <LoginForm onDone={setUser} />}
      </div>
    </Card>
  );
}

/** § 312j (3) BGB button, § 356 (4) BGB request, and the links to conditions, revocation and privacy. */
function OrderStep({ plan }: { plan: Plan }) {
  const { t } = useTranslation('checkout');
  const start = useStartCheckout();
  const continueAt = useContinueAt();
  const toMessage = useErrorMessage();
  const [immediate, setImmediate] = useState(false);
  const [missing, setMissing] = useState(false);
  const checkboxId = useId();
  const errorId = `${checkboxId}-error`;
  const order = async () => {
    if (!immediate) {
      setMissing(true);
      return;
    }
    const { url } = await start.mutateAsync({ plan_id: plan.id, immediate_start: true });
    continueAt(url);
  };
  return (
    <Card aria-labelledby="checkout-order">
      <h2 id="checkout-order" className="text-lg font-semibold">
        {t('order.title')}
      </h2>
      <div className="mt-4 space-y-1.5">
        <div className="flex items-start gap-3">
          <input
            id={checkboxId}
            type="checkbox"
            className={cn('mt-1 size-5 shrink-0 accent-accent', missing && !immediate && 'vee-invalid')}
            checked={immediate}
            onChange={(e) => {
              setImmediate(e.target.checked);
              setMissing(false);
            }}
            aria-invalid={missing && !immediate ? true : undefined}
            aria-describedby={missing && !immediate ? errorId : undefined}
          />
          <label htmlFor={checkboxId} className="leading-relaxed">
            {t('order.immediate')}
          </label>
        </div>
        {missing && !immediate && (
          <p id={errorId} className="text-sm font-medium text-danger">
            {t('order.immediateMissing')}
          </p>
        )}
      </div>
      <p className="mt-4 text-sm leading-relaxed text-muted">
        <Trans
          t={t}
          i18nKey="order.legal"
          components={{
            conditions: <NewTabLink to="/conditions" />,
            revocation: <NewTabLink to="/revocation" />,
            privacy: <NewTabLink to="/privacy" />,
          }}
        />
      </p>
      {start.isError && (
        <Alert tone="error" className="mt-4">
          {toMessage(start.error)}
        </Alert>
      )}
      <p className="mt-4 font-semibold">{t('order.total', { total: formatMoney(plan.total_cents) })}</p>
      <Button
        className="mt-3 w-full"
        onClick={order}
        loading={start.isPending}
        loadingLabel={t('order.submitting')}
      >
        {t('order.submit')}
      </Button>
    </Card>
  );
}

/** /checkout/:plan_id (guests and unverified members allowed, SPEC.md §2). */
export function CheckoutScreen() {
  const { t } = useTranslation('checkout');
  const { plan_id } = useParams();
  const plans = usePlans();
  const user = useUserStore(authenticatedUser);
  return (
    <Page title={t('titles.checkout')} intro={t('intro')} width="default">
      <QueryView query={plans} loading={t('loading')}>
        {(list) => {
          const plan = list.find((p) => p.id === plan_id);
          if (!plan) {
            return (
              <div data-plan-id={plan_id}>
                <EmptyState
                  icon={CreditCard}
                  title={t('empty.title')}
                  link={{ to: '/premium', label: t('empty.action') }}
                >
                  {t('empty.text')}
                </EmptyState>
              </div>
            );
          }
          return (
            <>
              <Summary plan={plan} plans={list} />
              {user ? <OrderStep plan={plan} /> : <AccountStep />}
            </>
          );
        }}
      </QueryView>
      <p>
        <Link to="/revocation">{t('revocation')}</Link>
      </p>
    </Page>
  );
}
