import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useConfirmDeclaration } from '../api/send-declaration.ts';

/**
 * Opened from the link mailed to a contract's address. The declaration takes effect only with the click
 * here, not by opening the page, so a mail program that opens links ahead of its reader confirms nothing.
 */
export function ConfirmScreen() {
  const { t } = useTranslation('contracts');
  const { token = '' } = useParams();
  const confirm = useConfirmDeclaration();
  const toMessage = useErrorMessage();

  return (
    <Page title={t('titles.contracts-confirm')} width="narrow">
      <Card>
        {confirm.isSuccess ? (
          <div className="space-y-4">
            <Alert tone="success">
              <p className="font-semibold">{t('confirm.done')}</p>
              <p className="mt-1">{confirm.data.message}</p>
            </Alert>
            <ButtonLink to="/" variant="secondary">
              {t('received.home')}
            </ButtonLink>
          </div>
        ) : (
          <div className="space-y-4">
            {confirm.isError && <Alert tone="error">{toMessage(confirm.error)}</Alert>}
            <p>{t('confirm.intro')}</p>
            <Button loading={confirm.isPending} onClick={() => confirm.mutate(token)}>
              {t('confirm.submit')}
            </Button>
            <p className="text-muted">{t('confirm.notYou')}</p>
          </div>
        )}
      </Card>
    </Page>
  );
}
