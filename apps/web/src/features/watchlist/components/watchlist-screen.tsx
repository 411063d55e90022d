import { Bookmark, BookmarkX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { PartnerAvatar, useDisplayName } from '../../../domain/partners/partner-avatar.tsx';
import { useSetWatched } from '../../../domain/watchlist/watchlist.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useWatchlist } from '../api/get-watchlist.ts';

/** Profiles the member keeps in mind; the others never learn of it. */
export function WatchlistScreen() {
  const { t } = useTranslation(['watchlist', 'common']);
  const list = useWatchlist();
  const remove = useSetWatched();
  const toMessage = useErrorMessage();
  const displayName = useDisplayName();

  return (
    <Page title={t('titles.watchlist')} intro={t('intro')}>
      {remove.isError && <Alert tone="error">{toMessage(remove.error)}</Alert>}
      <QueryView query={list} loading={t('common:loading')}>
        {(entries) =>
          entries.length === 0 ? (
            <EmptyState
              icon={Bookmark}
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
                    data-partner={entry.id}
                  >
                    <div className="flex min-w-0 flex-1 items-center gap-3">
                      <PartnerAvatar nickname={entry.nickname} avatar={entry.avatar} />
                      <div className="min-w-0">
                        <Link to={`/profile/${entry.id}`} className="font-semibold">
                          {name}
                        </Link>
                        {entry.about && <p className="line-clamp-2 text-sm text-muted">{entry.about}</p>}
                      </div>
                    </div>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${t('remove')} ${name}`}
                      disabled={remove.isPending && remove.variables?.id === entry.id}
                      onClick={() => remove.mutate({ id: entry.id, watched: false })}
                    >
                      <BookmarkX aria-hidden="true" className="size-4" />
                      {t('remove')}
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
