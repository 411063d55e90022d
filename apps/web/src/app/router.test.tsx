import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import {
  createMemoryRouter,
  Outlet,
  type RouteObject,
  RouterProvider,
  redirect,
  useParams,
} from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RouteMeta, routes, type ScreenEntry, screens } from './route-meta.ts';
import { useRouteMeta } from './use-route-meta.ts';

/** What each screen's guard does, by the screen's name; a guard the test does not set lets everyone in. */
const guards = new Map<string, (target: string) => unknown>();
/** The prefetch each guard was made with, by the screen's name. */
const prefetchOf = new Map<string, unknown>();

vi.mock('./guard-loader.ts', () => ({
  guardLoader:
    (meta: RouteMeta, prefetch?: unknown) =>
    async ({ request }: { request: Request }) => {
      prefetchOf.set(meta.name, prefetch);
      const url = new URL(request.url);
      await guards.get(meta.name)?.(`${url.pathname}${url.search}`);
      return null;
    },
  homeLoader: async () => null,
}));

// Imported before the tests rather than at the top: a route table that cannot be built fails every test here
// (an import failing at the top would leave the file without tests, stryker/hook-failures-runner.mjs).
let appRoutes: RouteObject[];
let screenRoute: (entry: ScreenEntry) => RouteObject;
let screenRoutes: (entries: ScreenEntry[]) => RouteObject[];
beforeAll(async () => {
  ({ appRoutes, screenRoute, screenRoutes } = await import('./router.tsx'));
});

const mounts: string[] = [];
/** A component that notes each time it mounts. */
const counted = (name: string, body: () => React.ReactNode = () => <p>{name}</p>) =>
  function Counted() {
    useEffect(() => {
      mounts.push(name);
    }, []);
    return <>{body()}</>;
  };

const entry = (
  name: string,
  path: string,
  screen: Partial<ScreenEntry['screen']> = {},
  flags: Partial<RouteMeta> = {},
): ScreenEntry => ({
  meta: { name: name as RouteMeta['name'], path, title: `t:${name}`, ...flags },
  screen: { path, title: `t:${name}`, component: async () => counted(name), ...screen },
});

/** The screens under a frame that shows the meta the deepest route carries. */
function boot(entries: ScreenEntry[], at: string) {
  const Frame = () => (
    <>
      <span data-testid="meta">meta {useRouteMeta()?.name ?? 'none'}</span>
      <Outlet />
    </>
  );
  const router = createMemoryRouter(
    [
      {
        Component: Frame,
        ErrorBoundary: () => <p>error screen</p>,
        children: [{ path: '/start', Component: () => <p>start</p> }, ...screenRoutes(entries)],
      },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  guards.clear();
  prefetchOf.clear();
  mounts.length = 0;
});

describe('decision 028: the route table on React Router’s data router', () => {
  it('guard rule: a screen shows only once its guard has let the visitor in, and the address changes with it', async () => {
    let release = () => {};
    guards.set('a', () => new Promise<void>((resolve) => (release = resolve)));
    const router = boot([entry('a', '/a')], '/start');
    expect(await screen.findByText('start')).toBeInTheDocument();
    let done: Promise<void> | undefined;
    act(() => {
      done = router.navigate('/a');
    });
    await vi.waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    expect(screen.queryByText('a')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/start');
    await act(async () => {
      release();
      await done;
    });
    expect(await screen.findByText('a')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/a');
  });

  it('guard rule: the guard sees the address asked for, with its query', async () => {
    const seen: string[] = [];
    guards.set('a', (target) => seen.push(target));
    boot([entry('a', '/a/:id')], '/a/7?from=mail');
    expect(await screen.findByText('a')).toBeInTheDocument();
    expect(seen).toEqual(['/a/7?from=mail']);
  });

  it('guard rule: a guard that redirects opens the screen it names instead, never the one asked for', async () => {
    guards.set('a', () => {
      throw redirect('/b');
    });
    const router = boot([entry('a', '/a'), entry('b', '/b')], '/a');
    expect(await screen.findByText('b')).toBeInTheDocument();
    // A mount is noted in an effect, which React may run a moment after the screen shows.
    await waitFor(() => expect(mounts).toEqual(['b']));
    expect(router.state.location.pathname).toBe('/b');
  });

  it('guard rule: a guard that fails shows the error screen, and the next navigation shows screens again', async () => {
    guards.set('a', () => {
      throw new Error('offline');
    });
    const router = boot([entry('a', '/a'), entry('b', '/b')], '/a');
    expect(await screen.findByText('error screen')).toBeInTheDocument();
    await act(() => router.navigate('/b'));
    expect(await screen.findByText('b')).toBeInTheDocument();
  });

  it('each guard is made with its screen’s prefetch', async () => {
    const prefetch = () => {};
    boot([entry('a', '/a', { prefetch })], '/a');
    expect(await screen.findByText('a')).toBeInTheDocument();
    expect(prefetchOf.get('a')).toBe(prefetch);
  });

  it('lazy rule: a screen is fetched when first opened, once, and stays mounted when only its parameters change', async () => {
    const component = vi.fn(async () => counted('item', () => <p>item {useParams().id}</p>));
    const router = boot([entry('item', '/item/:id', { component })], '/start');
    expect(await screen.findByText('start')).toBeInTheDocument();
    expect(component).not.toHaveBeenCalled();
    await act(() => router.navigate('/item/1'));
    expect(await screen.findByText('item 1')).toBeInTheDocument();
    await act(() => router.navigate('/item/2'));
    expect(await screen.findByText('item 2')).toBeInTheDocument();
    await act(() => router.navigate('/start'));
    await act(() => router.navigate('/item/3'));
    expect(await screen.findByText('item 3')).toBeInTheDocument();
    expect(component).toHaveBeenCalledTimes(1);
    expect(mounts).toEqual(['item', 'item']);
  });

  it('layout rule: screens that name the same layout show inside one frame, which stays mounted between them', async () => {
    const layout = vi.fn(async () =>
      counted('console', () => (
        <section aria-label="console">
          <Outlet />
        </section>
      )),
    );
    const router = boot(
      [entry('one', '/nova/one', { layout }), entry('two', '/nova/two', { layout }), entry('c', '/c')],
      '/nova/one',
    );
    const frame = await screen.findByRole('region', { name: 'console' });
    expect(frame).toHaveTextContent('one');
    await act(() => router.navigate('/nova/two'));
    expect(await screen.findByRole('region', { name: 'console' })).toHaveTextContent('two');
    expect(mounts.filter((m) => m === 'console')).toEqual(['console']);
    expect(layout).toHaveBeenCalledTimes(1);
    await act(() => router.navigate('/c'));
    expect(await screen.findByText('c')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'console' })).not.toBeInTheDocument();
  });

  it('layout rule: a frame holds only the screens that name it, in the table’s order', () => {
    const console = async () => () => null;
    const signIn = async () => () => null;
    const tree = screenRoutes([
      entry('a', '/a'),
      entry('one', '/nova/one', { layout: console }),
      entry('login', '/nova/login', { layout: signIn }),
      entry('two', '/nova/two', { layout: console }),
    ]);
    const shape = (r: RouteObject): unknown =>
      r.children ? { layout: true, path: r.path, children: r.children.map(shape) } : r.path;
    expect(tree.map(shape)).toEqual([
      '/a',
      { layout: true, path: undefined, children: ['/nova/one', '/nova/two'] },
      { layout: true, path: undefined, children: ['/nova/login'] },
    ]);
  });

  it('meta rule: the screen on show carries its table entry, which the frame reads (a layout carries none)', async () => {
    const layout = async () => () => <Outlet />;
    const router = boot([entry('one', '/nova/one', { layout }), entry('c', '/c')], '/nova/one');
    expect(await screen.findByText('one')).toBeInTheDocument();
    expect(screen.getByTestId('meta')).toHaveTextContent('meta one');
    await act(() => router.navigate('/c'));
    expect(await screen.findByText('c')).toBeInTheDocument();
    expect(screen.getByTestId('meta')).toHaveTextContent('meta c');
    expect(screenRoute(entry('c', '/c')).handle).toMatchObject({ name: 'c', path: '/c' });
  });

  it('onboarding rule: a screen flagged onboarded is wrapped in the onboarding gate, any other shows as it is', async () => {
    const Plain = () => null;
    const load = async (flags: Partial<RouteMeta>) => {
      const route = screenRoute(entry('x', '/x', { component: async () => Plain }, flags));
      const lazy = route.lazy as () => Promise<{ Component: unknown }>;
      return (await lazy()).Component;
    };
    expect(await load({})).toBe(Plain);
    const gated = await load({ onboarded: true });
    expect(gated).not.toBe(Plain);
    expect((gated as { name: string }).name).toBe('OnboardingGate');
  });

  it('the app’s frame holds home and every screen of the table, with the loading and error screens', () => {
    const [root] = appRoutes;
    expect(appRoutes).toHaveLength(1);
    expect(root?.id).toBe('root');
    expect(root?.Component?.name).toBe('RootLayout');
    expect(root?.ErrorBoundary?.name).toBe('RouteError');
    expect(root?.HydrateFallback?.name).toBe('AppLoading');
    const [home, ...rest] = root?.children ?? [];
    expect(home).toMatchObject({ path: '/', handle: routes.home });
    expect(home?.Component?.name).toBe('AppLoading');
    expect(typeof home?.loader).toBe('function');
    const paths = rest.flatMap((r) => (r.children ? r.children.map((c) => c.path) : [r.path]));
    expect(paths.sort()).toEqual(screens.map((s) => s.meta.path).sort());
  });
});
