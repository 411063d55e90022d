import type { StaffMe } from '@trostnetz/contracts/admin';
import type { Permission } from '@trostnetz/contracts/permissions';
import {
  BookOpen,
  ClipboardList,
  CreditCard,
  Flag,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  type LucideIcon,
  Scale,
  ShieldCheck,
  Users,
  UsersRound,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { useStaffSignOut } from '../api/me.ts';
import { CONSOLE_NS } from '../console-texts.ts';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown when the staff member holds any of these. */
  needs: Permission[];
}

const items: NavItem[] = [
  { to: '/nova', label: 'nav.dashboard', icon: LayoutDashboard, needs: [] },
  { to: '/nova/reports', label: 'nav.reports', icon: Flag, needs: ['reports.view'] },
  { to: '/nova/appeals', label: 'nav.appeals', icon: Scale, needs: ['appeals.decide'] },
  { to: '/nova/members', label: 'nav.members', icon: Users, needs: ['members.view'] },
  { to: '/nova/groups', label: 'nav.groups', icon: UsersRound, needs: ['groups.manage'] },
  { to: '/nova/content', label: 'nav.content', icon: BookOpen, needs: ['content.edit'] },
  { to: '/nova/support', label: 'nav.support', icon: LifeBuoy, needs: ['support.answer'] },
  { to: '/nova/plans', label: 'nav.plans', icon: CreditCard, needs: ['plans.manage'] },
  { to: '/nova/audit', label: 'nav.audit', icon: ClipboardList, needs: ['audit.view'] },
];

/** The console's sections the staff member may use: a column beside the work, a scrolling row on phones. */
export function ConsoleNav({ staff }: { staff: StaffMe }) {
  const { t } = useTranslation(CONSOLE_NS);
  const navigate = useNavigate();
  const signOut = useStaffSignOut();
  const shown = items.filter(
    (i) => i.needs.length === 0 || i.needs.some((p) => staff.permissions.includes(p)),
  );

  return (
    <aside className="mb-6 md:mb-0 md:w-56 md:shrink-0">
      <div className="flex items-center justify-between gap-3 md:block">
        <p className="inline-flex items-center gap-2 rounded-full bg-ink px-3 py-1 text-sm font-semibold text-white">
          <ShieldCheck aria-hidden="true" className="size-4" />
          {t('badge')}
        </p>
        <p className="truncate text-sm text-muted md:mt-3" data-staff-name>
          {t('nav.signedInAs', { name: staff.nickname })}
        </p>
      </div>
      <nav aria-label={t('nav.label')} className="mt-3">
        <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-2 md:mx-0 md:flex-col md:overflow-visible md:px-0">
          {shown.map((item) => (
            <li key={item.to} className="shrink-0">
              <NavLink
                to={item.to}
                end={item.to === '/nova'}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-11 items-center gap-2 rounded-xl px-3 py-2 font-medium text-ink no-underline hover:bg-accent-soft',
                    isActive && 'bg-accent-soft text-accent-strong',
                  )
                }
              >
                <item.icon aria-hidden="true" className="size-5 shrink-0" />
                {t(item.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Button
        variant="ghost"
        size="sm"
        className="mt-1 md:mt-3"
        loading={signOut.isPending}
        onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/nova/login') })}
      >
        <LogOut aria-hidden="true" className="size-4" />
        {t('nav.signOut')}
      </Button>
    </aside>
  );
}
