import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from './button.tsx';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  /** What to do next, when it is not simply the way on (`link`). */
  action?: ReactNode;
  /** The way on from here, e.g. back to the dashboard: a secondary button link. */
  link?: { to: string; label: string };
}

/** A real empty state: what will appear here and what to do next. */
export function EmptyState({ icon: Icon, title, children, action, link }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong bg-surface/60 px-6 py-10 text-center">
      <span className="mb-4 grid size-14 place-items-center rounded-full bg-accent-soft text-accent-strong">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-2 max-w-prose text-muted">{children}</div>
      {(action || link) && (
        <div className="mt-6">
          {action}
          {link && (
            <ButtonLink to={link.to} variant="secondary">
              {link.label}
            </ButtonLink>
          )}
        </div>
      )}
    </div>
  );
}
