import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell, EyeOff, LogOut, ShieldCheck, Sparkles, User as UserIcon, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cn } from '../../components/ui/cn.ts';
import { useSignOut } from '../../features/auth/hooks/use-sign-out.ts';
import { displayedUser, useUserStore } from '../../lib/storage/user-store.ts';

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-ink outline-none data-[highlighted]:bg-accent-soft';

/**
 * Profile, settings and logout; on mobile it sits in the bottom bar. Loaded on first use (account-menu.tsx):
 * the menu library is not part of the first screen.
 */
export function AccountMenuPanel({
  trigger,
  nickname,
  defaultOpen,
}: {
  trigger: ReactNode;
  nickname: string;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { signOut, pending } = useSignOut();
  const isPremium = useUserStore((state) => displayedUser(state)?.is_premium ?? false);
  const items = [
    { to: '/profile', label: t('menu.profile'), icon: UserRound },
    { to: '/settings', label: t('menu.settings'), icon: ShieldCheck },
    { to: '/notifications', label: t('menu.notifications'), icon: Bell },
    { to: '/blocklist', label: t('menu.blocklist'), icon: EyeOff },
    // A premium member's entry opens their plan (the premium page is for those who have none).
    isPremium
      ? { to: '/settings#subscription', label: t('menu.myPremium'), icon: Sparkles }
      : { to: '/premium', label: t('menu.premium'), icon: Sparkles },
  ];
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 min-w-60 rounded-2xl border border-line bg-surface p-2 shadow-lg"
        >
          <DropdownMenu.Label className="flex items-center gap-2 px-3 py-2 text-sm text-muted">
            <UserIcon aria-hidden="true" className="size-4" />
            <span className="truncate">{t('menu.signedInAs', { nickname })}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          {items.map(({ to, label, icon: Icon }) => (
            <DropdownMenu.Item key={to} className={itemClass} onSelect={() => navigate(to)}>
              <Icon aria-hidden="true" className="size-5 text-muted" />
              {label}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={cn(itemClass)} onSelect={() => void signOut()} disabled={pending}>
            <LogOut aria-hidden="true" className="size-5 text-muted" />
            {t('menu.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
