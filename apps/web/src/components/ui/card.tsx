import type { HTMLAttributes } from 'react';
import { cn } from './cn.ts';

const tones = {
  plain: 'border-line bg-surface',
  accent: 'border-accent/30 bg-accent-soft/60',
};

export function Card({
  className,
  tone = 'plain',
  ...rest
}: HTMLAttributes<HTMLElement> & { tone?: keyof typeof tones }) {
  return (
    <section className={cn('rounded-2xl border p-5 shadow-sm sm:p-7', tones[tone], className)} {...rest} />
  );
}
