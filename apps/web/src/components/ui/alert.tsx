import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

type Tone = 'info' | 'success' | 'error';

const tones: Record<Tone, string> = {
  info: 'border-line bg-warm text-ink',
  success: 'border-accent/30 bg-accent-soft text-ink',
  error: 'border-danger/40 bg-danger-soft text-danger-strong',
};
const icons = { info: Info, success: CircleCheck, error: CircleAlert };

/** Errors are announced at once (role=alert); other notes politely (role=status). */
export function Alert({
  tone = 'info',
  children,
  className,
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
}) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-3 rounded-xl border px-4 py-3', tones[tone], className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
