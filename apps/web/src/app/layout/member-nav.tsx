import { Bookmark, LayoutDashboard, type LucideIcon, MessageCircle, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '../../components/ui/cn.ts';
import { totalUnread, useChatStore } from '../../domain/chat/chat-store.ts';
import { UnreadBadge } from '../../features/chat/components/unread-badge.tsx';

export const memberNav: Array<{ to: string; key: string; icon: LucideIcon }> = [
  { to: '/dashboard', key: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/chat', key: 'nav.chat', icon: MessageCircle },
  { to: '/groups', key: 'nav.groups', icon: UsersRound },
  { to: '/watchlist', key: 'nav.watchlist', icon: Bookmark },
];

/** Desktop: inline links in the header. */
export function MemberNavLinks() {
  const { t } = useTranslation('layout');
  return (
    <nav aria-label={t('nav.label')} className="hidden md:block">
      <ul className="flex items-center gap-1">
        {memberNav.map(({ to, key, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              title={t(key)}
              className={({ isActive }) =>
                cn(
                  'inline-flex min-h-11 items-center gap-2 rounded-xl px-3 font-medium no-underline',
                  isActive ? 'bg-accent-soft text-accent-strong' : 'text-ink hover:bg-accent-soft',
                )
              }
            >
              <Icon aria-hidden="true" className="size-5" />
              {/* Between the phone bar and a wide screen the header has room for the icons only. */}
              <span className="sr-only xl:not-sr-only">{t(key)}</span>
              {to === '/chat' && <ChatUnread />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The total unread count on the chat item (SPEC.md §3 Unread state), with its text for screen readers. */
export function ChatUnread({ className }: { className?: string }) {
  const { t } = useTranslation('layout');
  const count = useChatStore(totalUnread);
  if (count <= 0) return null;
  return (
    <>
      <UnreadBadge count={count} className={className} />
      <span className="sr-only">{t('nav.unread', { count })}</span>
    </>
  );
}
