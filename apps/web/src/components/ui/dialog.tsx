import {
  cloneElement,
  isValidElement,
  type ReactElement,
  type SyntheticEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { DialogProps, RadixDialogImpl } from './dialog-radix.tsx';

type DialogImpl = typeof RadixDialogImpl;

/**
 * The dialog itself (Radix with its focus trap, scroll lock and layers, about 13 KB) is fetched when a
 * trigger is first pointed at, focused or pressed, not with the first screen (issue 13). Until then the
 * trigger is shown as it will be, announced as a dialog's trigger; a press before the dialog is there
 * opens it as soon as it arrives.
 */
let pending: Promise<DialogImpl> | null = null;
let loaded: DialogImpl | null = null;
export function loadDialog(): Promise<DialogImpl> {
  pending ??= import('./dialog-radix.tsx').then(
    (m) => {
      loaded = m.RadixDialogImpl;
      return m.RadixDialogImpl;
    },
    (error: unknown) => {
      pending = null; // the next press tries again
      throw error;
    },
  );
  return pending;
}
/** The dialog when it has been fetched already, so a screen can show it at once. */
export const loadedDialog = () => loaded;
const prefetch = () => void loadDialog().catch(() => {});

/** Calls the trigger's own handler, then ours (as Radix composes them). */
function compose<E extends SyntheticEvent>(theirs: unknown, ours: (event: E) => void) {
  return (event: E) => {
    if (typeof theirs === 'function') theirs(event);
    if (!event.defaultPrevented) ours(event);
  };
}

/**
 * Accessible modal: focus trapped, Escape closes, focus returns to the trigger. Open state may be
 * controlled (`open`, `onOpenChange`) or left to the dialog.
 */
export function Dialog(props: DialogProps) {
  const [Impl, setImpl] = useState<DialogImpl | null>(loadedDialog);
  const [ownOpen, setOwnOpen] = useState(false);
  const open = props.open ?? ownOpen;
  const onOpenChange = useRef(props.onOpenChange);
  onOpenChange.current = props.onOpenChange;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange.current?.(next);
  };

  // Swapped for the dialog's own trigger only when it opens, so focus never jumps while someone is on it.
  useEffect(() => {
    if (!open || Impl) return;
    let current = true;
    loadDialog().then(
      (component) => current && setImpl(() => component),
      // Offline, or a release replaced the files: the trigger stays, and its next press tries again.
      () => {
        if (!current) return;
        setOwnOpen(false);
        onOpenChange.current?.(false);
      },
    );
    return () => {
      current = false;
    };
  }, [open, Impl]);

  if (Impl) return <Impl {...props} open={open} onOpenChange={setOpen} />;
  if (!isValidElement(props.trigger)) return <>{props.trigger}</>;
  const trigger = props.trigger as ReactElement<Record<string, unknown>>;
  return cloneElement(trigger, {
    'aria-haspopup': 'dialog',
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: compose(trigger.props.onPointerEnter, prefetch),
    onFocus: compose(trigger.props.onFocus, prefetch),
    onTouchStart: compose(trigger.props.onTouchStart, prefetch),
    onClick: compose(trigger.props.onClick, () => setOpen(true)),
  });
}
