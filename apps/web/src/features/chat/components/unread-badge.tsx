import { cn } from '../../../components/ui/cn.ts';

/** A count in a pill; the accessible text comes from the caller (sr-only next to it). */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex min-w-6 items-center justify-center rounded-full bg-accent px-1.5 text-sm leading-6 font-semibold text-white',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
