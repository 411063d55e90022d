import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export interface DialogProps {
  trigger: ReactNode;
  title: string;
  description?: ReactNode;
  closeLabel: string;
  children: ReactNode;
  /** Controlled use, e.g. to close after a successful action. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** Accessible modal (Radix): focus trapped, Escape closes, focus returns to the trigger. Loaded by dialog.tsx. */
export function RadixDialogImpl({
  trigger,
  title,
  description,
  closeLabel,
  children,
  open,
  onOpenChange,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <RadixDialog.Content className="fixed inset-x-3 bottom-3 z-50 max-h-[90vh] overflow-y-auto rounded-2xl bg-surface p-6 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2">
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-xl font-semibold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className="-mt-2 -mr-2 grid size-11 shrink-0 place-items-center rounded-lg text-muted hover:bg-accent-soft hover:text-ink"
              aria-label={closeLabel}
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="mt-2 text-muted">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          <div className="mt-5">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
