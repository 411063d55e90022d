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
  const settled = async () => {
    for (let i = 0; i < 5; i++) await tick();
  };

  it('refetches every query on screen once, one per task; a query not on screen is only marked stale and takes no turn', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    const gone = vi.fn(async () => 'gone');
    await client.fetchQuery({ queryKey: ['gone'], queryFn: gone });
    // Keys where one begins like the other: each is fetched in its own turn only.
    const shown = { chat: vi.fn(async () => 'chat'), conversation: vi.fn(async () => 'conversation') };
    const observers = [
      new QueryObserver(client, { queryKey: ['chat'], queryFn: shown.chat }),
      new QueryObserver(client, { queryKey: ['chat', 7], queryFn: shown.conversation }),
    ];
    const unsubscribes = observers.map((o) => o.subscribe(() => {}));
    await vi.waitFor(() =>
      expect(observers.map((o) => o.getCurrentResult().data)).toEqual(['chat', 'conversation']),
    );

    const done = refetchAll(client);
    expect(client.getQueryState(['gone'])?.isInvalidated).toBe(true);
    const calls = () => [shown.chat.mock.calls.length, shown.conversation.mock.calls.length];
    expect(calls()).toEqual([1, 1]);
    // Each turn is a task of its own, queued once every query is marked stale: two ticks here see the first.
    await tick();
    await tick();
    expect(calls()).toEqual([2, 1]);
    await done;
    await settled();
    expect(calls()).toEqual([2, 2]);
    expect(gone).toHaveBeenCalledTimes(1);
    for (const unsubscribe of unsubscribes) unsubscribe();
  });

  it('a query that left the screen before its turn is not fetched', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    const fns = { a: vi.fn(async () => 'a'), b: vi.fn(async () => 'b') };
    const observers = (['a', 'b'] as const).map(
      (key) => new QueryObserver(client, { queryKey: [key], queryFn: fns[key] }),
    );
    const [, unsubscribeB] = observers.map((o) => o.subscribe(() => {}));
    await vi.waitFor(() => expect(observers.map((o) => o.getCurrentResult().data)).toEqual(['a', 'b']));
    const done = refetchAll(client);
    await tick();
    unsubscribeB?.();
    await done;
    await settled();
    expect([fns.a, fns.b].map((f) => f.mock.calls.length)).toEqual([2, 1]);
  });

  it.each([
    ['a first fetch', undefined, ['before', 'after']],
    // With data, the fetch under way is restarted at once: its answer never shows.
    ['a refetch', 'earlier', ['earlier', 'after']],
  ])('fetches again %s under way when the connection stood (its answer may predate it)', async (_, earlier, shownData) => {
    const client = new QueryClient();
    if (earlier) client.setQueryData(['partners'], earlier);
    const answers = ['before', 'after'];
    const queryFn = vi.fn(() => {
      const answer = answers.shift();
      return new Promise<string | undefined>((resolve) => setTimeout(() => resolve(answer), 20));
    });
    const observer = new QueryObserver(client, { queryKey: ['partners'], queryFn, staleTime: 0 });
    const seen: unknown[] = earlier ? [earlier] : [];
    const unsubscribe = observer.subscribe((result) => {
      if (result.data !== undefined && seen.at(-1) !== result.data) seen.push(result.data);
    });
    expect(queryFn).toHaveBeenCalledTimes(1);
    await refetchAll(client);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('after'));
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(seen).toEqual(shownData);
    unsubscribe();
  });
});
