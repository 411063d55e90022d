import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { QueryView } from '../../components/ui/query-view.tsx';
import { PartnerAvatar, useDisplayName } from './partner-avatar.tsx';

/**
 * A list the member keeps of other members (the watchlist, the hidden list): loading, its error, a
 * real empty state that leads back to the dashboard, or one `MemberRow` per entry.
 */
export function MemberList<T extends { id: number }>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: { icon: LucideIcon; title: string; text: string; action: string };
  children: (entry: T) => ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <QueryView query={query} loading={t('loading')}>
      {(entries) =>
        entries.length === 0 ? (
          <EmptyState icon={empty.icon} title={empty.title} link={{ to: '/dashboard', label: empty.action }}>
            {empty.text}
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {entries.map((entry) => (
              <Fragment key={entry.id}>{children(entry)}</Fragment>
            ))}
          </ul>
        )
      }
    </QueryView>
  );
}

interface MemberRowProps {
  nickname: string;
  avatar: string | null;
  /** The member's profile, when the name leads there. */
  profile?: string;
  /** One line under the name. */
  detail?: ReactNode;
  /** The one thing to do with the entry; its label is read out with the member's name. */
  action: { label: string; icon: LucideIcon; pending: boolean; onClick: () => void };
}

/** One member in such a list; `data-*` attributes mark the row for the journeys. */
export function MemberRow({
  nickname,
  avatar,
  profile,
  detail,
  action,
  ...data
}: MemberRowProps & { [attribute: `data-${string}`]: string | number }) {
  const name = useDisplayName()(nickname);
  const Icon = action.icon;
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center"
      {...data}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <PartnerAvatar nickname={nickname} avatar={avatar} />
        <div className="min-w-0">
          {profile ? (
            <Link to={profile} className="font-semibold">
              {name}
            </Link>
          ) : (
            <p className="truncate font-semibold">{name}</p>
          )}
          {detail && <p className="line-clamp-2 text-sm text-muted">{detail}</p>}
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`${action.label} ${name}`}
        disabled={action.pending}
        onClick={action.onClick}
      >
        <Icon aria-hidden="true" className="size-4" />
        {action.label}
      </Button>
    </li>
  );
}
