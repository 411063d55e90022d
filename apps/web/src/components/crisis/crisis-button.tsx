import { LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../ui/cn.ts';
import { Dialog } from '../ui/dialog.tsx';
import { CrisisHelpList } from './crisis-help-list.tsx';

/** One tap from every member screen to the crisis lines (DESIGN.md §7). */
export function CrisisButton({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation('crisis');
  return (
    <Dialog
      title={t('title')}
      description={t('description')}
      closeLabel={t('close')}
      trigger={
        <button
          type="button"
          className={cn(
            'inline-flex min-h-11 items-center gap-2 rounded-xl whitespace-nowrap border border-accent/40 bg-accent-soft px-3 font-semibold text-accent-strong hover:bg-accent hover:text-white',
            className,
          )}
        >
          <LifeBuoy aria-hidden="true" className="size-5 shrink-0" />
          {compact ? (
            <>
              <span className="lg:hidden">{t('buttonShort')}</span>
              <span className="hidden lg:inline">{t('button')}</span>
            </>
          ) : (
            <span>{t('button')}</span>
          )}
        </button>
      }
    >
      <CrisisHelpList />
      <p className="mt-5 text-sm text-muted">{t('footnote')}</p>
    </Dialog>
  );
}
