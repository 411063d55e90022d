import type { HTMLAttributes } from 'react';
import { cn } from './cn.ts';

export function Card({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return (
    <section
      className={cn('rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7', className)}
      {...rest}
    />
  );
}
