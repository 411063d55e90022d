import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from './i18n.ts';
import { refetchAll, refetchOnLanguageChange } from './query-client.ts';

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

describe('refetchAll (once the live connection stands, SPEC.md §8)', () => {
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it('refetches every query on screen, one per task; a query not on screen is only marked stale', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    const fns = { a: vi.fn(async () => 'a'), b: vi.fn(async () => 'b'), gone: vi.fn(async () => 'gone') };
    const observers = (['a', 'b'] as const).map(
      (key) => new QueryObserver(client, { queryKey: [key], queryFn: fns[key] }),
    );
    const unsubscribes = observers.map((o) => o.subscribe(() => {}));
    await client.fetchQuery({ queryKey: ['gone'], queryFn: fns.gone });
    await vi.waitFor(() => expect(observers.map((o) => o.getCurrentResult().data)).toEqual(['a', 'b']));

    const done = refetchAll(client);
    expect(client.getQueryState(['gone'])?.isInvalidated).toBe(true);
    expect(fns.a.mock.calls.length + fns.b.mock.calls.length).toBe(2);
    await tick();
    await tick();
    // One request started in this task, the other waits for the next.
    expect(fns.a.mock.calls.length + fns.b.mock.calls.length).toBe(3);
    await done;
    await vi.waitFor(() => expect([fns.a, fns.b].map((f) => f.mock.calls.length)).toEqual([2, 2]));
    expect(fns.gone).toHaveBeenCalledTimes(1);
    for (const unsubscribe of unsubscribes) unsubscribe();
  });

  it.each([
    ['a first fetch', undefined],
    ['a refetch', 'earlier'],
  ])('fetches again %s under way when the connection stood (its answer may predate it)', async (_, earlier) => {
    const client = new QueryClient();
    if (earlier) client.setQueryData(['partners'], earlier);
    const answers = ['before', 'after'];
    const queryFn = vi.fn(() => {
      const answer = answers.shift();
      return new Promise<string | undefined>((resolve) => setTimeout(() => resolve(answer), 20));
    });
    const observer = new QueryObserver(client, { queryKey: ['partners'], queryFn, staleTime: 0 });
    const unsubscribe = observer.subscribe(() => {});
    expect(queryFn).toHaveBeenCalledTimes(1);
    await refetchAll(client);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('after'));
    expect(queryFn).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
