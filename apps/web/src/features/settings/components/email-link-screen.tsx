import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { getAccessToken } from '../../../lib/tokens.ts';
import { type EmailLinkKind, useEmailLink } from '../api/email-link.ts';

/** Opened from a mail: confirms the new address, or (from the old address) undoes the change. */
function EmailLinkScreen({ kind }: { kind: EmailLinkKind }) {
  const { t } = useTranslation('settings');
  const { token = '' } = useParams();
  const link = useEmailLink(kind, token);
  const toMessage = useErrorMessage();
  // Undoing signs the member out everywhere; confirming leaves them signed in where they were.
  const signedIn = kind === 'confirm' && getAccessToken() !== null;
  return (
    <Page title={t(`titles.email-${kind}`)} width="narrow">
      {link.isPending && (
        <output className="flex items-center gap-3 text-muted">
          <Spinner />
          {t('emailLink.pending')}
        </output>
      )}
      {link.isSuccess && (
        <div className="space-y-5">
          <Alert tone="success">
            <p className="font-semibold">{link.data}</p>
            {kind === 'undo' && <p className="mt-1">{t('emailLink.undoNext')}</p>}
          </Alert>
          <ButtonLink to={signedIn ? '/settings' : '/login'} className="w-full">
            {signedIn ? t('emailLink.toSettings') : t('emailLink.toLogin')}
          </ButtonLink>
        </div>
      )}
      {link.isError && (
        <div className="space-y-5">
          <Alert tone="error">{toMessage(link.error)}</Alert>
          <ButtonLink to="/customer-service" variant="secondary" className="w-full">
            {t('emailLink.help')}
          </ButtonLink>
        </div>
      )}
    </Page>
  );
}

export const EmailConfirmScreen = () => <EmailLinkScreen kind="confirm" />;
export const EmailUndoScreen = () => <EmailLinkScreen kind="undo" />;
