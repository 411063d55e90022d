import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from './i18n.ts';
import { refetchOnLanguageChange } from './query-client.ts';

afterEach(async () => {
  await i18n.changeLanguage('de');
});

describe('language switch', () => {
  it('what is on screen is fetched again in the new language (e.g. "Warum ihr passt" on the dashboard)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    const stop = refetchOnLanguageChange(client);
    const queryFn = vi.fn(async () => i18n.language);
    const observer = new QueryObserver(client, { queryKey: ['partners'], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('de'));

    await i18n.changeLanguage('en');
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('en'));
    expect(queryFn).toHaveBeenCalledTimes(2);

    stop();
    await i18n.changeLanguage('de');
    await new Promise((r) => setTimeout(r, 20));
    expect(queryFn).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
