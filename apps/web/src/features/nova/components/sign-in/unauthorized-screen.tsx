import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { CONSOLE_NS } from '../../console-texts.ts';

/** Where an account without any console permission lands (the server answered 403 forbidden). */
export function UnauthorizedScreen() {
  const { t } = useTranslation([CONSOLE_NS, 'nova']);
  return (
    <div className="py-8">
      <h1 data-page-heading tabIndex={-1} className="mb-6 text-2xl font-semibold tracking-tight">
        {t('nova:titles.nova-unauthorized')}
      </h1>
      <EmptyState icon={Lock} title={t('unauthorized.title')} action={<Link to="/">{t('back')}</Link>}>
        <p>{t('unauthorized.text')}</p>
        <p className="mt-2">
          <Link to="/nova/login">{t('unauthorized.otherAccount')}</Link>
        </p>
      </EmptyState>
    </div>
  );
}
