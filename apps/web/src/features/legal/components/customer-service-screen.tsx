import { Flag, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CrisisHelpList } from '../../../components/crisis/crisis-help-list.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { displayedUser, useUserStore } from '../../../lib/storage/user-store.ts';
import { OwnSupportRequests } from './own-support-requests.tsx';
import { SupportForm } from './support-form.tsx';

export function CustomerServiceScreen() {
  const { t } = useTranslation('legal');
  const cs = (key: string) => t(`customerService.${key}`);
  // A guest route: the guard does not fetch the member here, so the restored one counts too.
  const user = useUserStore(displayedUser);
  return (
    <Page title={t('titles.customer-service')} intro={cs('intro')}>
      <Card aria-labelledby="cs-form">
        <h2 id="cs-form" className="flex items-center gap-2 text-xl font-semibold">
          <Mail aria-hidden="true" className="size-5 text-accent-strong" />
          {cs('formTitle')}
        </h2>
        <p className="mt-2 mb-5">{cs('formText')}</p>
        <SupportForm key={user?.id ?? 'guest'} email={user?.email ?? ''} name={user?.nickname ?? ''} />
      </Card>
      {user && <OwnSupportRequests />}
      <Card aria-labelledby="cs-report">
        <h2 id="cs-report" className="flex items-center gap-2 text-lg font-semibold">
          <Flag aria-hidden="true" className="size-5 text-accent-strong" />
          {cs('reportTitle')}
        </h2>
        <p className="mt-2">{cs('reportText')}</p>
      </Card>
      <Card aria-labelledby="cs-crisis" id="crisis">
        <h2 id="cs-crisis" className="text-lg font-semibold">
          {cs('crisisTitle')}
        </h2>
        <p className="mt-2 mb-4">{cs('crisisText')}</p>
        <CrisisHelpList />
      </Card>
    </Page>
  );
}
