import { LifeBuoy } from 'lucide-react';
import { type ComponentProps, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../ui/cn.ts';
import { CrisisHelpList } from './crisis-help-list.tsx';

type DialogComponent = typeof import('../ui/dialog.tsx').Dialog;

/**
 * The dialog (Radix and its focus trap, scroll lock and layers, about 11 KB) is fetched when the button is
 * first pointed at, focused or pressed, not with the first screen (issue 13). The button itself is part of
 * the first screen and works at once; a press before the dialog is there opens it as soon as it arrives.
 */
let dialog: Promise<DialogComponent> | null = null;
let loaded: DialogComponent | null = null;
const loadDialog = () => {
  dialog ??= import('../ui/dialog.tsx').then(
    (m) => {
      loaded = m.Dialog;
      return m.Dialog;
    },
    (error: unknown) => {
      dialog = null; // the next press tries again
      throw error;
    },
  );
  return dialog;
};

/** One tap from every member screen to the crisis lines (DESIGN.md §7). */
export function CrisisButton({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation('crisis');
  const [Dialog, setDialog] = useState<DialogComponent | null>(() => loaded);
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
