import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { PartnerAvatar, useDisplayName } from '../../../domain/partners/partner-avatar.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { getLocale } from '../../../lib/i18n.ts';
import { useBlocklist } from '../api/get-blocklist.ts';
import { useUnhideMember } from '../api/unhide-member.ts';

/** Hidden profiles (block list), each with an undo. */
export function BlocklistScreen() {
  const { t } = useTranslation(['blocklist', 'common']);
  const hidden = (useLocation().state as { hidden?: string } | null)?.hidden;
  const list = useBlocklist();
  const unhide = useUnhideMember();
  const toMessage = useErrorMessage();
  const displayName = useDisplayName();
  const date = new Intl.DateTimeFormat(getLocale(), { dateStyle: 'medium' });

  return (
    <Page title={t('titles.blocklist')} intro={t('intro')}>
      {hidden && <Alert tone="success">{t('hiddenNotice', { nickname: hidden })}</Alert>}
      {unhide.isError && <Alert tone="error">{toMessage(unhide.error)}</Alert>}
      <QueryView query={list} loading={t('common:loading')}>
        {(entries) =>
          entries.length === 0 ? (
            <EmptyState
              icon={EyeOff}
              title={t('empty.title')}
              link={{ to: '/dashboard', label: t('empty.action') }}
            >
              {t('empty.text')}
            </EmptyState>
          ) : (
            <ul className="space-y-3">
              {entries.map((entry) => {
                const name = displayName(entry.nickname);
                return (
                  <li
                    key={entry.id}
                    className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center"
                    data-hidden-member={entry.userId}
                  >
                    <div className="flex min-w-0 flex-1 items-center gap-3">
                      <PartnerAvatar nickname={entry.nickname} avatar={entry.avatar} />
                      <div className="min-w-0">
                        <p className="truncate font-semibold">{name}</p>
                        <p className="text-sm text-muted">
                          {t('since', { date: date.format(new Date(entry.created_at)) })}
                        </p>
                      </div>
                    </div>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${t('unhide')} ${name}`}
                      disabled={unhide.isPending && unhide.variables === entry.id}
                      onClick={() => unhide.mutate(entry.id)}
                    >
                      <Eye aria-hidden="true" className="size-4" />
                      {t('unhide')}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryView>
    </Page>
  );
}
