import { LoaderCircle } from 'lucide-react';
import { cn } from './cn.ts';

export function Spinner({ className }: { className?: string }) {
  return (
    <LoaderCircle
      aria-hidden="true"
      className={cn('size-5 animate-spin motion-reduce:animate-none', className)}
    />
  );
}

/** The one loading line of a screen: spinner plus a visible text (the caller passes it translated). */
export function LoadingNote({ children }: { children: string }) {
  return (
    <p className="flex items-center gap-3 text-muted">
      <Spinner /> {children}
    </p>
  );
}
