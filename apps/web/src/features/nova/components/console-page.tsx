import type { Permission } from '@trostnetz/contracts/permissions';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { CONSOLE_NS } from '../console-texts.ts';
import { useCan } from '../staff-context.ts';

/**
 * A console screen: its one h1 (focused after navigation), an optional line under it, and the work.
 * With `needs`, a staff member without that permission sees why the screen stays empty.
 */
export function ConsolePage({
  title,
  intro,
  actions,
  needs,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  needs?: Permission;
  children: ReactNode;
}) {
  const { t } = useTranslation(CONSOLE_NS);
  const can = useCan();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 data-page-heading tabIndex={-1} className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {title}
          </h1>
          {intro && <div className="mt-2 text-muted">{intro}</div>}
        </div>
        {actions}
      </div>
      {needs && !can(needs) ? (
        <EmptyState icon={Lock} title={t('noPermission.title')}>
          {t('noPermission.text', { permission: needs })}
        </EmptyState>
      ) : (
        children
      )}
    </div>
  );
}
