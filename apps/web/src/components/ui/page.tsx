import type { ReactNode } from 'react';
import { cn } from './cn.ts';

interface PageProps {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  /** Narrow pages (forms) keep lines short. */
  width?: 'narrow' | 'default' | 'wide';
}

const widths = { narrow: 'max-w-md', default: 'max-w-3xl', wide: 'max-w-5xl' };

/** Page frame with the one h1 that receives focus after navigation. */
export function Page({ title, intro, children, width = 'default' }: PageProps) {
  return (
    <div className={cn('mx-auto w-full px-4 py-8 sm:py-12', widths[width])}>
      <h1 data-page-heading tabIndex={-1} className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {title}
      </h1>
      {intro && <div className="mt-3 text-lg text-muted">{intro}</div>}
      <div className="mt-8 space-y-6">{children}</div>
    </div>
  );
}
