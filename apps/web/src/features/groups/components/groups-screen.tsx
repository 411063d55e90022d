import type { GroupCategory, GroupSummary } from '@trostnetz/contracts/groups';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/ui/page.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useGroups } from '../api/get-groups.ts';
import { MembershipButton } from './membership-button.tsx';

/** /groups: the categories with their groups; join or leave right here. */
export function GroupsScreen() {
  const { t } = useTranslation('groups');
  const groups = useGroups();
  return (
    <Page title={t('titles.groups')} intro={t('intro')} width="wide">
      <QueryView query={groups} loading={t('loading')}>
        {({ categories }) => (
          <div className="space-y-10">
            {categories.map((category) => (
              <CategorySection key={category.id} category={category} />
            ))}
          </div>
        )}
      </QueryView>
    </Page>
  );
}

function CategorySection({ category }: { category: GroupCategory }) {
  const headingId = `category-${category.id}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold">
        {category.name}
      </h2>
      {category.description && <p className="mt-1 max-w-prose text-muted">{category.description}</p>}
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {category.groups.map((group) => (
          <li key={group.id}>
            <GroupCard group={group} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function GroupCard({ group }: { group: GroupSummary }) {
  const { t } = useTranslation('groups');
  return (
    <article
      aria-labelledby={`group-${group.id}`}
      className="flex h-full flex-col gap-3 rounded-2xl border border-line bg-surface p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`group-${group.id}`} className="text-lg font-semibold">
          <Link to={`/groups/${group.id}`} className="text-ink">
            {group.name}
          </Link>
        </h3>
        <div className="flex flex-wrap gap-1.5">
          {group.joined && (
            <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-sm font-medium text-accent-strong">
              {t('joined')}
            </span>
          )}
          {group.unread_count > 0 && (
            <span className="rounded-full bg-accent px-2.5 py-0.5 text-sm font-semibold text-white">
              {t('unread', { count: group.unread_count })}
            </span>
          )}
        </div>
      </div>
      <p className="flex-1 text-muted">{group.description}</p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="inline-flex items-center gap-1.5 text-sm text-muted">
          <Users aria-hidden="true" className="size-4" />
          {t('members', { count: group.member_count })}
        </span>
        <MembershipButton group={group} />
      </div>
    </article>
  );
}
