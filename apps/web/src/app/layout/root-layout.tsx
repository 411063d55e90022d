import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { cn } from '../../components/ui/cn.ts';
import { useSessionHeartbeat } from '../../features/auth/hooks/use-session-heartbeat.ts';
import { useChatLive } from '../../features/chat/hooks/use-chat-live.ts';
import { CookieConsentBanner } from '../../features/cookie-consent/components/cookie-consent-banner.tsx';
import { authenticatedUser, displayedUser, useUserStore } from '../../lib/storage/user-store.ts';
import { usePageBehaviour } from '../page-behaviour.ts';
import { useRealtimeConnection } from '../use-realtime-connection.ts';
import { useRouteMeta } from '../use-route-meta.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

export function RootLayout() {
  const { t } = useTranslation('common');
  const meta = useRouteMeta();
  const user = useUserStore(displayedUser);
  const authenticated = useUserStore(authenticatedUser);
  const navigation = useNavigation();
  const member = user?.is_verified ? user : null;
  usePageBehaviour(meta);
  useSessionHeartbeat(authenticated !== null);
  useRealtimeConnection(authenticated?.is_verified ? authenticated.id : null);
  useChatLive(authenticated?.is_verified && authenticated.matching_step < 0 ? authenticated.id : null);

  return (
    <div className={cn('flex min-h-dvh flex-col', member && 'pb-20 md:pb-0')}>
      <a
        href="#main"
        className="sr-only z-50 rounded-xl bg-accent px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('skipToContent')}
      </a>
      <div
        aria-hidden="true"
        className={cn(
          'fixed inset-x-0 top-0 z-50 h-1 origin-left bg-accent transition-opacity',
          navigation.state === 'loading' ? 'animate-pulse opacity-100' : 'opacity-0',
        )}
      />
      <CookieConsentBanner />
      <Header user={user} variant={meta?.headerVariant ?? 'home'} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer member={member !== null} />
    </div>
  );
}
