import { Bookmark, BookmarkX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { MemberList, MemberRow } from '../../../domain/partners/member-list.tsx';
import { useSetWatched } from '../../../domain/watchlist/watchlist.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useWatchlist } from '../api/get-watchlist.ts';

/** Profiles the member keeps in mind; the others never learn of it. */
export function WatchlistScreen() {
  const { t } = useTranslation('watchlist');
  const list = useWatchlist();
  const remove = useSetWatched();
  const toMessage = useErrorMessage();

  return (
    <Page title={t('titles.watchlist')} intro={t('intro')}>
      {remove.isError && <Alert tone="error">{toMessage(remove.error)}</Alert>}
      <MemberList
        query={list}
        empty={{ icon: Bookmark, title: t('empty.title'), text: t('empty.text'), action: t('empty.action') }}
      >
        {(entry) => (
          <MemberRow
            data-partner={entry.id}
            nickname={entry.nickname}
            avatar={entry.avatar}
            profile={`/profile/${entry.id}`}
            detail={entry.about}
            action={{
              label: t('remove'),
              icon: BookmarkX,
              pending: remove.isPending && remove.variables?.id === entry.id,
              onClick: () => remove.mutate({ id: entry.id, watched: false }),
            }}
          />
        )}
      </MemberList>
    </Page>
  );
}
