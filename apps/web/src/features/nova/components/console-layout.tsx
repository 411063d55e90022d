import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadingNote } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { getStaffToken, onStaffTokenChange } from '../../../lib/staff-session.ts';
import { staffMeQuery } from '../api/me.ts';
import { CONSOLE_NS } from '../console-texts.ts';
import { StaffContext } from '../staff-context.ts';
import { ConsoleNav } from './console-nav.tsx';

const subscribe = (onChange: () => void) => onStaffTokenChange(onChange);

/**
 * The console's frame: without a staff session it sends to /nova/login (and back here afterwards);
 * an account without console permissions goes to /nova/unauthorized. The staff session ending
 * anywhere (expired, signed out) brings the sign-in back at once.
 */
export function ConsoleLayout() {
  const { t } = useTranslation(CONSOLE_NS);
  const location = useLocation();
  const token = useSyncExternalStore(subscribe, () => getStaffToken());
  const me = useQuery({ ...staffMeQuery, enabled: token !== null });
  const toMessage = useErrorMessage();

  const next = encodeURIComponent(`${location.pathname}${location.search}`);
  if (token === null) return <Navigate to={`/nova/login?next=${next}`} replace />;
  if (me.isError && isApiError(me.error) && me.error.status === 403)
    return <Navigate to="/nova/unauthorized" replace />;
  if (me.isError && isApiError(me.error) && me.error.status === 401)
    return <Navigate to={`/nova/login?next=${next}`} replace />;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-4 md:flex md:gap-8 md:pt-8">
      {me.data ? (
        <StaffContext.Provider value={me.data}>
          <ConsoleNav staff={me.data} />
          <div className="min-w-0 flex-1 pb-12">
            <Outlet />
          </div>
        </StaffContext.Provider>
      ) : me.isError ? (
        <Alert tone="error">{toMessage(me.error)}</Alert>
      ) : (
        <LoadingNote>{t('loading')}</LoadingNote>
      )}
    </div>
  );
}
