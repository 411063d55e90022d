import { useTranslation } from 'react-i18next';
import { ReportDialog } from '../../../domain/safety/report-dialog.tsx';
import { reportProfile } from '../api/report-profile.ts';

/** Report a profile with a reason; the moderators look at it, the member gets a thank-you. */
export function ReportProfileDialog({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation('partners');
  return (
    <ReportDialog
      title={t('report.title', { nickname: name })}
      text={t('report.text', { nickname: name })}
      triggerLabel={t('report.button')}
      onReport={(values) => reportProfile({ type: 'profile', id, ...values })}
    />
  );
}
