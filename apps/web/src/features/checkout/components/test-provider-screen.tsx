import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { formatMoney } from '../../../domain/premium/plans.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useFinishTestSession, useTestSession } from '../api/test-provider.ts';
import { useContinueAt } from '../hooks/use-continue-at.ts';

/**
 * The built-in test provider's page (no Stripe key configured): unmistakably a test, no money moves.
 * Its buttons reach the app through the same signed webhook handler Stripe's events take.
 */
export function TestProviderScreen() {
  const { t } = useTranslation('checkout');
  const session = useParams().session ?? '';
  const view = useTestSession(session);
  const finish = useFinishTestSession();
  const continueAt = useContinueAt();
  const toMessage = useErrorMessage();
  const choose = async (outcome: 'success' | 'failure' | 'abort') => {
    const { url } = await finish.mutateAsync({ session, outcome });
    continueAt(url);
  };
  return (
    <Page title={t('titles.checkout-test-provider')} width="narrow">
      <div
        role="note"
        className="rounded-2xl border-4 border-dashed border-danger bg-danger-soft px-5 py-4 text-center text-lg font-bold text-danger-strong"
      >
        <FlaskConical aria-hidden="true" className="mx-auto mb-1 size-7" />
        {t('testProvider.banner')}
      </div>
      <p className="text-muted">{t('testProvider.text')}</p>
      <QueryView query={view} loading={t('loading')}>
        {(s) => (
          <Card aria-labelledby="test-provider-plan">
            <h2 id="test-provider-plan" className="text-lg font-semibold">
              {t('summary.planName', { count: s.plan.months })}
            </h2>
            <p className="mt-1">{t('testProvider.amount', { total: formatMoney(s.plan.total_cents) })}</p>
            {finish.isError && (
              <Alert tone="error" className="mt-4">
                {toMessage(finish.error)}
              </Alert>
            )}
            <div className="mt-5 grid gap-3">
              <Button onClick={() => choose('success')} disabled={finish.isPending}>
                {t('testProvider.success')}
              </Button>
              <Button variant="secondary" onClick={() => choose('failure')} disabled={finish.isPending}>
                {t('testProvider.failure')}
              </Button>
              <Button variant="ghost" onClick={() => choose('abort')} disabled={finish.isPending}>
                {t('testProvider.abort')}
              </Button>
            </div>
          </Card>
        )}
      </QueryView>
    </Page>
  );
}
