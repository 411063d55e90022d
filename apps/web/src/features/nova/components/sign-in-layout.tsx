import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { CONSOLE_NS } from '../console-texts.ts';

/** Frame of the team's sign-in and the no-access page: one card, the console's badge above it. */
export function SignInLayout() {
  const { t } = useTranslation(CONSOLE_NS);
  return (
    <div className="mx-auto w-full max-w-md px-4 pt-6">
      <p className="inline-flex items-center gap-2 rounded-full bg-ink px-3 py-1 text-sm font-semibold text-white">
        <ShieldCheck aria-hidden="true" className="size-4" />
        {t('badge')}
      </p>
      <Outlet />
    </div>
  );
}
