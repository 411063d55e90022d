import { Flag, Mail, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CrisisHelpList } from '../../../components/crisis/crisis-help-list.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';

export function CustomerServiceScreen() {
  const { t } = useTranslation('legal');
  const cs = (key: string) => t(`customerService.${key}`, { ns: 'legal' });
  const tips = t('customerService.tips', { ns: 'legal', returnObjects: true }) as string[];
  const email = cs('email');
  return (
    <Page title={t('titles.customer-service')} intro={cs('intro')}>
      <Card aria-labelledby="cs-contact">
        <h2 id="cs-contact" className="flex items-center gap-2 text-xl font-semibold">
          <Mail aria-hidden="true" className="size-5 text-accent-strong" />
          {cs('contactTitle')}
        </h2>
        <p className="mt-2">{cs('contactText')}</p>
        <p className="mt-3 text-lg font-semibold">
          <a href={`mailto:${email}`}>{email}</a>
        </p>
        <h3 className="mt-6 font-semibold">{cs('tipsTitle')}</h3>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </Card>
      <div className="grid gap-6 sm:grid-cols-2">
        <Card aria-labelledby="cs-report">
          <h2 id="cs-report" className="flex items-center gap-2 text-lg font-semibold">
            <Flag aria-hidden="true" className="size-5 text-accent-strong" />
            {cs('reportTitle')}
          </h2>
          <p className="mt-2">{cs('reportText')}</p>
        </Card>
        <Card aria-labelledby="cs-data">
          <h2 id="cs-data" className="flex items-center gap-2 text-lg font-semibold">
            <ShieldCheck aria-hidden="true" className="size-5 text-accent-strong" />
            {cs('dataTitle')}
          </h2>
          <p className="mt-2">{cs('dataText')}</p>
        </Card>
      </div>
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
