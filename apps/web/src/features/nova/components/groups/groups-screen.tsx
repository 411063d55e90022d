import {
  type AdminCategory,
  type AdminGroup,
  createCategoryBody,
  createGroupBody,
  renameBody,
} from '@trostnetz/contracts/admin';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { QueryView } from '../../../../components/ui/query-view.tsx';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { useAdminCategories, useAdminGroups, useChange, useCreate } from '../../api/groups.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { ConsolePage } from '../console-page.tsx';
import { ActionDialog } from '../shared/action-dialog.tsx';

type Item = AdminCategory | AdminGroup;

/** Categories and their groups: create, rename (both languages), order, archive. */
export function GroupsScreen() {
  const { t } = useTranslation([CONSOLE_NS, 'nova']);
  const categories = useAdminCategories();
  const groups = useAdminGroups();
  const createCategory = useCreate('group-categories');
  return (
    <ConsolePage
      title={t('nova:titles.nova-groups')}
      intro={t('groups.intro')}
      needs="groups.manage"
      actions={
        <ActionDialog
          label={t('groups.newCategory')}
          title={t('groups.newCategory')}
          description={t('groups.newCategoryText')}
          schema={createCategoryBody}
          defaultValues={{ name_de: '', name_en: '' }}
          fields={[
            { name: 'name_de', kind: 'text', label: t('groups.nameDe') },
            { name: 'name_en', kind: 'text', label: t('groups.nameEn') },
          ]}
          submitLabel={t('groups.create')}
          variant="primary"
          send={(values) => createCategory.mutateAsync(values)}
        />
      }
    >
      <QueryView query={categories} loading={t('loading')}>
        {(cats) => (
          <QueryView query={groups} loading={t('loading')}>
            {(all) => (
              <div className="space-y-6">
                {cats.map((cat, index) => (
                  <CategorySection
                    key={cat.id}
                    category={cat}
                    first={index === 0}
                    last={index === cats.length - 1}
                    neighbours={cats}
                    groups={all
                      .filter((g) => g.category_id === cat.id)
                      .sort((a, b) => a.position - b.position)}
                  />
                ))}
              </div>
            )}
          </QueryView>
        )}
      </QueryView>
    </ConsolePage>
  );
}

function CategorySection({
  category,
  groups,
  first,
  last,
  neighbours,
}: {
  category: AdminCategory;
  groups: AdminGroup[];
  first: boolean;
  last: boolean;
  neighbours: AdminCategory[];
}) {
  const { t, i18n } = useTranslation(CONSOLE_NS);
  const createGroup = useCreate('groups');
  const name = i18n.language === 'en' ? category.name_en : category.name_de;
  return (
    <section
      aria-labelledby={`category-${category.id}`}
      className="space-y-3 rounded-2xl border border-line bg-surface p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={`category-${category.id}`} className="text-lg font-semibold">
          {name}
          {category.archived && (
            <span className="ml-2 rounded-full bg-warm px-2 text-sm">{t('groups.archived')}</span>
          )}
        </h2>
        <ItemActions
          resource="group-categories"
          item={category}
          first={first}
          last={last}
          siblings={neighbours}
        />
      </div>
      <ul className="divide-y divide-line">
        {groups.map((g, index) => (
          <li key={g.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
            <span>
              <span className="font-medium">{i18n.language === 'en' ? g.name_en : g.name_de}</span>
              {g.archived && (
                <span className="ml-2 rounded-full bg-warm px-2 text-sm">{t('groups.archived')}</span>
              )}
              <span className="block text-sm text-muted">
                {t('groups.members', { count: g.member_count })}
              </span>
            </span>
            <ItemActions
              resource="groups"
              item={g}
              first={index === 0}
              last={index === groups.length - 1}
              siblings={groups}
            />
          </li>
        ))}
        {groups.length === 0 && <li className="py-2 text-muted">{t('groups.noGroups')}</li>}
      </ul>
      <ActionDialog
        label={t('groups.newGroup')}
        title={t('groups.newGroupIn', { name })}
        description={t('groups.newGroupText')}
        schema={createGroupBody}
        defaultValues={{ category_id: category.id, name_de: '', name_en: '' }}
        fields={[
          { name: 'name_de', kind: 'text', label: t('groups.nameDe') },
          { name: 'name_en', kind: 'text', label: t('groups.nameEn') },
        ]}
        submitLabel={t('groups.create')}
        send={(values) => createGroup.mutateAsync({ ...values, category_id: category.id })}
      />
    </section>
  );
}

/** Up, down, rename, archive: the order is swapped with the neighbour, so positions stay unique. */
function ItemActions({
  resource,
  item,
  first,
  last,
  siblings,
}: {
  resource: 'groups' | 'group-categories';
  item: Item;
  first: boolean;
  last: boolean;
  siblings: Item[];
}) {
  const { t, i18n } = useTranslation(CONSOLE_NS);
  const change = useChange(resource);
  const toMessage = useErrorMessage();
  const name = i18n.language === 'en' ? item.name_en : item.name_de;
  const index = siblings.findIndex((s) => s.id === item.id);
  const move = async (by: -1 | 1) => {
    const other = siblings[index + by];
    if (!other) return;
    await change.mutateAsync({ id: item.id, body: { position: other.position } });
    await change.mutateAsync({ id: other.id, body: { position: item.position } });
  };
  return (
    <div className="flex flex-wrap items-center gap-1">
      {change.isError && <Alert tone="error">{toMessage(change.error)}</Alert>}
      <Button variant="ghost" size="sm" disabled={first || change.isPending} onClick={() => move(-1)}>
        <ArrowUp aria-hidden="true" className="size-4" />
        <span className="sr-only">{t('groups.up', { name })}</span>
      </Button>
      <Button variant="ghost" size="sm" disabled={last || change.isPending} onClick={() => move(1)}>
        <ArrowDown aria-hidden="true" className="size-4" />
        <span className="sr-only">{t('groups.down', { name })}</span>
      </Button>
      <ActionDialog
        label={t('groups.rename')}
        title={t('groups.renameTitle', { name })}
        description={t('groups.renameText')}
        schema={renameBody}
        defaultValues={{ name_de: item.name_de, name_en: item.name_en }}
        fields={[
          { name: 'name_de', kind: 'text', label: t('groups.nameDe') },
          { name: 'name_en', kind: 'text', label: t('groups.nameEn') },
        ]}
        submitLabel={t('groups.save')}
        send={(values) => change.mutateAsync({ id: item.id, body: values })}
      />
      <Button
        variant="ghost"
        size="sm"
        disabled={change.isPending}
        onClick={() => change.mutate({ id: item.id, body: { archived: !item.archived } })}
      >
        {item.archived ? t('groups.unarchive') : t('groups.archive')}
      </Button>
    </div>
  );
}
