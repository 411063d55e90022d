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
