import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

/** Frame of the admin-tool entry and its children (login, unauthorized). */
export function NovaLayout() {
  const { t } = useTranslation('nova');
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-6">
      <p className="inline-flex items-center gap-2 rounded-full bg-ink px-3 py-1 text-sm font-semibold text-white">
        <ShieldCheck aria-hidden="true" className="size-4" />
        {t('badge')}
      </p>
      <Outlet />
    </div>
  );
}
