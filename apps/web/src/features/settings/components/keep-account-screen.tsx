import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useRevokeDeletion } from '../api/revoke-deletion.ts';

/** The undo link of the deletion mail: one button keeps the account, within the grace period. */
export function KeepAccountScreen() {
  const { t } = useTranslation('settings');
  const { token = '' } = useParams();
  const revoke = useRevokeDeletion();
  const toMessage = useErrorMessage();
  const invalid =
    isApiError(revoke.error) && (revoke.error.code === 'invalid_link' || revoke.error.status === 422);

  return (
    <Page title={t('titles.keep-account')} width="narrow">
      <Card>
        {revoke.isSuccess ? (
          <>
            <Alert tone="success">{t('keepAccount.done')}</Alert>
            <ButtonLink to="/login" className="mt-5 w-full">
              {t('keepAccount.login')}
            </ButtonLink>
          </>
        ) : (
          <>
            <p>{t('keepAccount.text')}</p>
            {revoke.isError && (
              <Alert tone="error" className="mt-4">
                {invalid ? t('keepAccount.invalid') : toMessage(revoke.error)}
              </Alert>
            )}
            <Button
              className="mt-5 w-full"
              loading={revoke.isPending}
              loadingLabel={t('keepAccount.submitting')}
              onClick={() => revoke.mutate({ token })}
            >
              {t('keepAccount.submit')}
            </Button>
            <p className="mt-4 text-center">
              <Link to="/login">{t('keepAccount.toLogin')}</Link>
            </p>
          </>
        )}
      </Card>
    </Page>
  );
}
