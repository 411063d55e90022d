import type { User } from '@trostnetz/contracts/user';
import { ChevronDown, LogIn, LogOut, Menu, UserPlus, UserRound } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { CrisisButton } from '../../components/crisis/crisis-button.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { useSignOut } from '../../features/auth/hooks/use-sign-out.ts';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { returnTarget, withReturnTo } from '../../lib/return-to.ts';
import type { HeaderVariant } from '../../lib/screens.ts';
import { getStaffToken, onStaffTokenChange } from '../../lib/staff-session.ts';
import { useIsMobile } from '../../lib/use-is-mobile.ts';
import { AccountMenu } from './account-menu.tsx';
import { Brand } from './brand.tsx';
import { ConnectionNotice, ConnectionStatus } from './connection-status.tsx';
import { ChatUnread, MemberNavLinks, memberNav } from './member-nav.tsx';

const bar = 'mx-auto flex w-full max-w-5xl items-center gap-2 px-4 sm:gap-3';

export function Header({ user, variant }: { user: User | null; variant: HeaderVariant }) {
  if (!user) return <GuestHeader />;
  if (!user.is_verified) return <UnverifiedHeader />;
  return <MemberHeader user={user} variant={variant} />;
}

const onStaffChange = (onChange: () => void) => onStaffTokenChange(onChange);

function GuestHeader() {
  const { t } = useTranslation('layout');
  const { pathname, search } = useLocation();
  const onLogin = pathname === '/login';
  // In the console, staff signed in to it are not asked to sign in as members: the console has its own.
  // The page rendered at build time (and its hydration) knows of no staff session; the browser's follows.
  const staffSignedIn = useSyncExternalStore(
    onStaffChange,
    () => getStaffToken() !== null,
    () => false,
  );
  const inConsole = pathname === '/nova' || pathname.startsWith('/nova/');
  // Between login and register the member's target stays along (issue 9 item 16).
  const next = returnTarget(search);
  return (
    <header className="border-b border-line bg-canvas/95">
      <div className={cn(bar, 'min-h-16 justify-between py-2')}>
        {/* Crisis help and sign-in beside it: at 375 px the name would push the row past the screen. */}
        <Brand to="/" narrow />
        <div className="flex items-center gap-2">
          {/* On small screens the switch lives in the footer only. */}
          <div className="hidden sm:block">
            <LanguageSwitch />
          </div>
          {/* Crisis help at first sight for guests too, at every width (the footer is below the fold at 375 px). */}
          <CrisisButton compact />
          {!(inConsole && staffSignedIn) && (
            <Link
              to={withReturnTo(onLogin ? '/register' : '/login', next)}
              className={buttonClass('secondary', 'whitespace-nowrap', 'sm')}
            >
              {/* Below 370 px the icon stands for the word, so crisis help keeps its words beside it. */}
              {onLogin ? (
                <UserPlus aria-hidden="true" className="size-5 min-[370px]:hidden" />
              ) : (
                <LogIn aria-hidden="true" className="size-5 min-[370px]:hidden" />
              )}
              <span className="max-[369px]:sr-only">{onLogin ? t('guest.register') : t('guest.login')}</span>
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

/** Signed in but not verified: only crisis help and logout (please-verify explains the rest). */
function UnverifiedHeader() {
  const { t } = useTranslation('layout');
  const { signOut } = useSignOut();
  return (
    <header className="border-b border-line bg-canvas/95">
      <div className={cn(bar, 'min-h-16 justify-between py-2')}>
        <Brand to="/please-verify" />
        <div className="flex items-center gap-2">
          <CrisisButton compact />
          <button
            type="button"
            className={buttonClass('ghost', undefined, 'sm')}
            onClick={() => void signOut()}
          >
            <LogOut aria-hidden="true" className="size-5" />
            <span className="sr-only sm:not-sr-only">{t('menu.logout')}</span>
          </button>
        </div>
      </div>
    </header>
  );
}

function MemberHeader({ user, variant }: { user: User; variant: HeaderVariant }) {
  const { t } = useTranslation('layout');
  const isMobile = useIsMobile();
  return (
    <>
      <header
        className="sticky top-0 z-30 border-b border-line bg-canvas/95 backdrop-blur"
        data-header-variant={variant}
      >
        <div className={cn(bar, variant === 'chat' ? 'min-h-14 py-1.5' : 'min-h-16 py-2')}>
          <div className="relative shrink-0">
            <Brand to="/dashboard" />
            <ConnectionStatus />
          </div>
          <MemberNavLinks />
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <NotificationBell />
            <CrisisButton compact />
            {!isMobile && (
              <AccountMenu
                nickname={user.nickname}
                trigger={
                  <button type="button" className={buttonClass('secondary', 'whitespace-nowrap', 'sm')}>
                    <UserRound aria-hidden="true" className="size-5" />
                    {/* Until the header is wide enough, the icon alone (the menu names the member). */}
                    <span className="hidden max-w-24 truncate xl:inline">{user.nickname}</span>
                    <ChevronDown aria-hidden="true" className="size-4" />
                    <span className="sr-only">{t('menu.open')}</span>
                  </button>
                }
              />
            )}
          </div>
        </div>
        {variant === 'settings' && <SettingsTabs />}
        <ConnectionNotice />
      </header>
      {isMobile && <MobileBar nickname={user.nickname} />}
    </>
  );
}

/**
 * Second row of the settings variant: own profile, security, notifications. Narrow padding keeps the
 * three on one line at 375 px; narrower still, they wrap rather than scroll out of sight unnoticed.
 */
function SettingsTabs() {
  const { t } = useTranslation('layout');
  const tabs = [
    { to: '/profile', label: t('settingsTabs.profile') },
    { to: '/settings', label: t('settingsTabs.security') },
    { to: '/notifications', label: t('settingsTabs.notifications') },
  ];
  return (
    <nav aria-label={t('settingsTabs.label')} className="border-t border-line">
      {/* Not \`bar\`: its gap-3 would win over gap-1 (cn joins, it does not merge). */}
      <ul className="mx-auto flex w-full max-w-5xl flex-wrap items-center gap-1 px-4 py-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                cn(
                  'inline-flex min-h-11 items-center rounded-lg px-2 font-medium whitespace-nowrap no-underline sm:px-3',
                  isActive ? 'bg-accent-soft text-accent-strong' : 'text-ink hover:bg-accent-soft',
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Mobile: the main places as a bottom bar within thumb reach. */
function MobileBar({ nickname }: { nickname: string }) {
  const { t } = useTranslation('layout');
  const item =
    'flex min-h-14 w-full flex-col items-center justify-center gap-0.5 rounded-xl text-xs font-medium no-underline';
  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto grid max-w-md grid-cols-5 gap-1 px-2 py-1">
        {memberNav.map(({ to, key, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(item, isActive ? 'bg-accent-soft text-accent-strong' : 'text-ink')
              }
            >
              <span className="relative">
                <Icon aria-hidden="true" className="size-6" />
                {to === '/chat' && (
                  <ChatUnread className="absolute -top-2 left-4 min-w-5 px-1 text-xs leading-5" />
                )}
              </span>
              {t(key)}
            </NavLink>
          </li>
        ))}
        <li>
          <AccountMenu
            nickname={nickname}
            trigger={
              <button type="button" className={cn(item, 'text-ink')}>
                <Menu aria-hidden="true" className="size-6" />
                {t('nav.more')}
              </button>
            }
          />
        </li>
      </ul>
    </nav>
  );
}
