import { DELETION_GRACE_DAYS } from '@trostnetz/contracts/account';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';

/** After asking to delete the account: what happens now and how to undo it (the member is signed out). */
export function AccountDeletedScreen() {
  const { t } = useTranslation('settings');
  return (
    <Page title={t('titles.account-deleted')} width="narrow">
      <Card>
        <p>{t('accountDeleted.text', { days: DELETION_GRACE_DAYS })}</p>
        <p className="mt-3">{t('accountDeleted.undo')}</p>
        <p className="mt-3">{t('accountDeleted.care')}</p>
        <ButtonLink to="/" variant="secondary" className="mt-5 w-full">
          {t('accountDeleted.home')}
        </ButtonLink>
      </Card>
    </Page>
  );
}
