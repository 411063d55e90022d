import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useOwnSupportRequests } from '../api/get-own-support-requests.ts';

/** A signed-in member's earlier requests and the team's answers. */
export function OwnSupportRequests() {
  const { t, i18n } = useTranslation('legal');
  const cs = (key: string, opts?: Record<string, unknown>) => t(`customerService.${key}`, opts);
  const query = useOwnSupportRequests(true);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <Card aria-labelledby="cs-mine">
      <h2 id="cs-mine" className="mb-4 text-xl font-semibold">
        {cs('mineTitle')}
      </h2>
      <QueryView query={query} loading={cs('mineLoading')}>
        {(requests) =>
          requests.length === 0 ? (
            <EmptyState icon={Inbox} title={cs('mineTitle')}>
              {cs('mineEmpty')}
            </EmptyState>
          ) : (
            <ul className="space-y-4" data-own-requests>
              {requests.map((r) => (
                <li key={r.reference} className="rounded-xl border border-line p-4">
                  <p className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-semibold">{cs('reference', { reference: r.reference })}</span>
                    <span className="rounded-full bg-accent-soft px-3 py-0.5 text-sm text-accent-strong">
                      {cs(`status.${r.status}`)}
                    </span>
                  </p>
                  <p className="text-sm text-muted">
                    {cs(`topics.${r.topic}`)} · {cs('sentAt', { date: date(r.created_at) })}
                  </p>
                  <details className="mt-2">
                    <summary className="cursor-pointer text-sm font-medium">{cs('yourMessage')}</summary>
                    <p className="mt-2 whitespace-pre-line">{r.message}</p>
                  </details>
                  {r.answer && (
                    <div className="mt-3 rounded-lg bg-warm p-3">
                      <p className="text-sm font-semibold">{cs('answer')}</p>
                      <p className="whitespace-pre-line">{r.answer}</p>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </Card>
  );
}
