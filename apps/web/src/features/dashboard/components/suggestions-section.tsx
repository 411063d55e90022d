import type { NarrowingWish, Partner } from '@trostnetz/contracts/partners';
import { RefreshCw, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useSuggestions } from '../api/get-suggestions.ts';
import { useMoreSuggestions } from '../api/more-suggestions.ts';
import { SuggestionCard } from './suggestion-card.tsx';

export function SuggestionsSection({ paused }: { paused: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const suggestions = useSuggestions(true);
  const more = useMoreSuggestions();
  const toMessage = useErrorMessage();
  const list: Partner[] = suggestions.data?.suggestions ?? [];
  const narrowedBy: NarrowingWish[] = suggestions.data?.narrowed_by ?? [];
  const wishes = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    narrowedBy.map((wish) => t(`suggestions.wish.${wish}`)),
  );

  return (
    <section aria-labelledby="suggestions" aria-busy={suggestions.isPending} data-section="suggestions">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="suggestions" className="text-xl font-semibold">
            {t('suggestions.title')}
          </h2>
          <p className="mt-1 text-muted">{t('suggestions.intro')}</p>
        </div>
        {list.length > 0 && (
          <Button
            variant="secondary"
            size="sm"
            loading={more.isPending}
            loadingLabel={t('suggestions.loadingMore')}
            onClick={() => more.mutate()}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('suggestions.more')}
          </Button>
        )}
      </div>
      <div className="mt-4">
        <QueryView query={suggestions} loading={t('suggestions.loading')}>
          {() =>
            list.length === 0 ? (
              <EmptyState
                icon={Users}
                title={paused ? t('suggestions.pausedTitle') : t('suggestions.emptyTitle')}
                action={
                  paused ? undefined : narrowedBy.length > 0 ? (
                    // The way to widen them: the answers on the own profile, step by step.
                    <ButtonLink to="/profile#profile-answers" variant="secondary">
                      {t('suggestions.widen', { count: narrowedBy.length })}
                    </ButtonLink>
                  ) : (
                    <Button variant="secondary" loading={more.isPending} onClick={() => more.mutate()}>
                      {t('suggestions.searchAgain')}
                    </Button>
                  )
                }
              >
                {paused
                  ? t('suggestions.pausedText')
                  : narrowedBy.length > 0
                    ? t('suggestions.narrowedText', { wishes, count: narrowedBy.length })
                    : t('suggestions.emptyText')}
              </EmptyState>
            ) : (
              <ul className="grid gap-4 md:grid-cols-2">
                {list.map((partner) => (
                  <li key={partner.id}>
                    <SuggestionCard partner={partner} />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
        {more.isError && (
          <Alert tone="error" className="mt-4">
            {toMessage(more.error)}
          </Alert>
        )}
      </div>
    </section>
  );
}
