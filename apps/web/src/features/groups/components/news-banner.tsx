import { ArrowUp } from 'lucide-react';

/**
 * "2 neue Beiträge – anzeigen": fixed at the bottom of the screen, out of the page's flow, so nothing
 * the member reads moves when it appears. Its live region is always there and speaks politely.
 */
export function NewsBanner({
  text,
  action,
  onShow,
}: {
  text: string | null;
  action: string;
  onShow: () => void;
}) {
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-20 z-20 flex justify-center px-4 md:bottom-6"
    >
      {text && (
        <button
          type="button"
          onClick={onShow}
          className="pointer-events-auto inline-flex min-h-11 items-center gap-2 rounded-full border border-accent/40 bg-surface px-5 py-2 font-semibold text-accent-strong shadow-lg hover:bg-accent-soft"
        >
          <ArrowUp aria-hidden="true" className="size-5" />
          {text} – {action}
        </button>
      )}
    </div>
  );
}
