import { LifeBuoy } from 'lucide-react';
import { type ComponentProps, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../ui/cn.ts';
import { loadDialog, loadedDialog } from '../ui/dialog.tsx';
import { CrisisHelpList } from './crisis-help-list.tsx';

type DialogComponent = Awaited<ReturnType<typeof loadDialog>>;

/**
 * One tap from every member screen to the crisis lines (DESIGN.md §7). Its dialog is fetched as every
 * dialog is (ui/dialog.tsx); should that fail, the lines show in a plain panel anyway.
 */
export function CrisisButton({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation('crisis');
  const [Dialog, setDialog] = useState<DialogComponent | null>(loadedDialog);
  const [open, setOpen] = useState(false);
  // The dialog could not be fetched (offline, or a release replaced the files): the lines show anyway.
  const [failed, setFailed] = useState(false);

  // Only fetched ahead here: the button is swapped for the dialog's own trigger when it opens, so that
  // focus never jumps while someone is on it.
  const fetchDialog = () => void loadDialog().catch(() => {});
  useEffect(() => {
    if (!open || Dialog) return;
    let current = true;
    loadDialog().then(
      (component) => current && setDialog(() => component),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [open, Dialog]);

  const trigger = (props: ComponentProps<'button'> & { 'data-state'?: string }) => (
    <button
      type="button"
      {...props}
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
  );

  if (Dialog)
    return (
      <Dialog
        title={t('title')}
        description={t('description')}
        closeLabel={t('close')}
        open={open}
        onOpenChange={setOpen}
        trigger={trigger({})}
      >
        <CrisisHelpList />
        <p className="mt-5 text-sm text-muted">{t('footnote')}</p>
      </Dialog>
    );

  // Until the dialog is there: the same button, announced as the dialog's trigger is.
  return (
    <>
      {trigger({
        'aria-haspopup': 'dialog',
        'aria-expanded': false,
        'data-state': 'closed',
        onPointerEnter: fetchDialog,
        onFocus: fetchDialog,
        onTouchStart: fetchDialog,
        onClick: () => {
          setFailed(false);
          setOpen(true);
        },
      })}
      {open && failed ? (
        <section
          aria-label={t('title')}
          className="fixed inset-x-3 bottom-3 z-50 max-h-[90vh] overflow-y-auto rounded-2xl bg-surface p-6 shadow-xl"
        >
          <p className="text-xl font-semibold">{t('title')}</p>
          <p className="mt-2 text-muted">{t('description')}</p>
          <div className="mt-5">
            <CrisisHelpList />
          </div>
          <button type="button" className="mt-5 min-h-11 underline" onClick={() => setOpen(false)}>
            {t('close')}
          </button>
        </section>
      ) : null}
    </>
  );
}
