import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from 'history';
import { type ComponentType, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  createRouter,
  isActivePath,
  Link,
  matchRoute,
  NavLink,
  Outlet,
  type RouteDefinition,
  RouterProvider,
  redirect,
  useLocation,
  useParams,
  useSearchParams,
} from './router.tsx';

const text = (value: string) => () => <p>{value}</p>;

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start(routes: RouteDefinition[], url = '/') {
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createRouter({ routes, history });
  render(<RouterProvider router={router} errorScreen={text('error screen')} fallback={text('loading')} />);
  return { router, history };
}

describe('decision 022: which route a path opens', () => {
  const routes: RouteDefinition<string>[] = [
    { path: '*', meta: 'not-found', component: text('') },
    { path: '/chat/:id', meta: 'chat-with', component: text('') },
    { path: '/chat/new', meta: 'chat-new', component: text('') },
    { path: '/chat', meta: 'chat', component: text('') },
  ];
  const name = (path: string) => matchRoute(routes, path)?.route.meta;

  it('static segments win over parameters, parameters over the catch-all, whatever the order given', () => {
    expect([name('/chat/new'), name('/chat/7'), name('/chat'), name('/chat/7/x'), name('/')]).toEqual([
      'chat-new',
      'chat-with',
      'chat',
      'not-found',
      'not-found',
    ]);
  });

  it('parameters arrive decoded; a malformed escape arrives as written', () => {
    expect(matchRoute(routes, '/chat/%C3%A4')?.params).toEqual({ id: 'ä' });
    expect(matchRoute(routes, '/chat/%E0%A4%A')?.params).toEqual({ id: '%E0%A4%A' });
  });
});

describe('decision 022: a navigation waits for its loader and its screen', () => {
  it('shows the old screen (navigation "loading") until the loader and the screen have arrived', async () => {
    const guard = deferred();
    const screenModule = deferred<ComponentType>();
    const { router } = start([
      { path: '/', component: text('home') },
      { path: '/next', loader: () => guard.promise, lazy: () => screenModule.promise },
    ]);
    expect(screen.getByText('home')).toBeInTheDocument();
    const done = router.navigate('/next');
    expect(router.state.navigation.state).toBe('loading');
    guard.resolve();
    await Promise.resolve();
    expect(screen.getByText('home')).toBeInTheDocument();
    await act(async () => {
      screenModule.resolve(text('next'));
      await done;
    });
    expect(screen.getByText('next')).toBeInTheDocument();
    expect(router.state).toMatchObject({ navigation: { state: 'idle' }, location: { pathname: '/next' } });
  });

  it('a loader that throws redirect(to) goes there instead: the entry asked for never enters the history', async () => {
    const { router, history } = start([
      { path: '/', component: text('home') },
      {
        path: '/private',
        loader: () => Promise.reject(redirect('/login?next=%2Fprivate')),
        component: text(''),
      },
      { path: '/login', loader: async () => null, component: text('login') },
    ]);
    await act(() => router.navigate('/private'));
    expect(await screen.findByText('login')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?next=%2Fprivate');
    expect([history.index, history.location.pathname, router.state.action]).toEqual([1, '/login', 'PUSH']);
  });

  it('a redirect on the first load replaces the address the visitor came with', async () => {
    const { router, history } = start(
      [
        { path: '/', loader: () => Promise.reject(redirect('/login')), component: text('') },
        { path: '/login', component: text('login') },
      ],
      '/',
    );
    expect(await screen.findByText('login')).toBeInTheDocument();
    expect([history.index, history.location.pathname, router.state.action]).toEqual([0, '/login', 'REPLACE']);
  });

  it('the address changes with the screen, not before it', async () => {
    const guard = deferred();
    const { router, history } = start([
      { path: '/', component: text('home') },
      { path: '/next', loader: () => guard.promise, component: text('next') },
    ]);
    const done = router.navigate('/next');
    expect([history.location.pathname, router.state.location.pathname]).toEqual(['/', '/']);
    await act(async () => {
      guard.resolve();
      await done;
    });
    expect([history.location.pathname, history.index, screen.getByText('next').textContent]).toEqual([
      '/next',
      1,
      'next',
    ]);
  });

  it('back and forward show the screen of the entry the browser went to', async () => {
    const { router, history } = start([
      { path: '/', component: text('home') },
      { path: '/next', loader: async () => null, component: text('next') },
    ]);
    await act(() => router.navigate('/next'));
    act(() => history.back());
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect([router.state.location.pathname, router.state.action]).toEqual(['/', 'POP']);
    act(() => history.forward());
    expect(await screen.findByText('next')).toBeInTheDocument();
  });

  it('the latest navigation wins when an earlier one finishes later', async () => {
    const slow = deferred();
    const { router } = start([
      { path: '/', component: text('home') },
      { path: '/slow', loader: () => slow.promise, component: text('slow') },
      { path: '/fast', loader: async () => null, component: text('fast') },
    ]);
    void router.navigate('/slow');
    await act(() => router.navigate('/fast'));
    await act(async () => slow.resolve());
    expect(screen.getByText('fast')).toBeInTheDocument();
    expect(screen.queryByText('slow')).toBeNull();
    expect(router.state.location.pathname).toBe('/fast');
  });

  it('a failed loader shows the error screen; the next navigation shows its screen again', async () => {
    const { router } = start([
      { path: '/', component: text('home') },
      { path: '/broken', loader: () => Promise.reject(new Error('offline')), component: text('') },
    ]);
    await act(() => router.navigate('/broken'));
    expect(screen.getByText('error screen')).toBeInTheDocument();
    await act(() => router.navigate('/'));
    expect(screen.getByText('home')).toBeInTheDocument();
  });

  it('a screen that throws while rendering shows the error screen until the next navigation', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Throws = () => {
      throw new Error('bug');
    };
    const { router } = start([
      { path: '/', component: text('home') },
      { path: '/bug', component: Throws },
    ]);
    await act(() => router.navigate('/bug'));
    expect(screen.getByText('error screen')).toBeInTheDocument();
    await act(() => router.navigate('/'));
    expect(screen.getByText('home')).toBeInTheDocument();
    error.mockRestore();
  });

  it('a screen is fetched once; screens naming the same layout share one frame, which stays mounted', async () => {
    const lazy = vi.fn(async () => text('a'));
    const mounted = vi.fn();
    const Frame = () => {
      useState(mounted);
      return (
        <section aria-label="frame">
          <Outlet />
        </section>
      );
    };
    const layout = async () => Frame;
    const { router } = start(
      [
        { path: '/a', lazy, layout },
        { path: '/b', component: text('b'), layout },
      ],
      '/a',
    );
    expect(await screen.findByText('a')).toBeInTheDocument();
    await act(() => router.navigate('/b'));
    await act(() => router.navigate('/a'));
    expect(screen.getByRole('region', { name: 'frame' })).toHaveTextContent('a');
    expect(lazy).toHaveBeenCalledTimes(1);
    expect(mounted).toHaveBeenCalledTimes(1);
  });
});

describe('decision 022: links and the location', () => {
  function Where() {
    const { pathname, search, state } = useLocation();
    return <output>{`${pathname}${search} ${JSON.stringify(state)} ${JSON.stringify(useParams())}`}</output>;
  }
  function Links() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <Link to="/chat/9" state={{ from: 'list' }}>
          open
        </Link>
        <NavLink to="/chat" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          chats
        </NavLink>
        <button type="button" onClick={() => setParams({ tab: String(Number(params.get('tab') ?? 0) + 1) })}>
          next tab
        </button>
        <button type="button" onClick={() => setParams({})}>
          no tab
        </button>
        <Where />
      </>
    );
  }

  it('a click navigates inside the app with its state; a new history entry; NavLink marks the current screen', async () => {
    const { history } = start(
      [
        { path: '/chat', component: Links },
        { path: '/chat/:id', component: Links },
      ],
      '/chat',
    );
    const chats = screen.getByRole('link', { name: 'chats' });
    expect(chats).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('link', { name: 'open' }));
    expect(screen.getByRole('status')).toHaveTextContent('/chat/9 {"from":"list"} {"id":"9"}');
    expect(history.index).toBe(1);
    // Below /chat the link is still active (no `end`).
    expect(screen.getByRole('link', { name: 'chats' })).toHaveClass('on');
  });

  it('a click with a modifier key is left to the browser (a new tab), the app stays where it is', async () => {
    start(
      [
        { path: '/chat', component: Links },
        { path: '/chat/:id', component: Links },
      ],
      '/chat',
    );
    const link = screen.getByRole('link', { name: 'open' });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true, button: 0 });
    link.dispatchEvent(event);
    expect(screen.getByRole('status')).toHaveTextContent('/chat null {}');
  });

  it('useSearchParams changes the query on the same path; an empty one leaves no "?"', async () => {
    start([{ path: '/chat', component: Links }], '/chat');
    await userEvent.click(screen.getByRole('button', { name: 'next tab' }));
    await userEvent.click(screen.getByRole('button', { name: 'next tab' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('/chat?tab=2'));
    await userEvent.click(screen.getByRole('button', { name: 'no tab' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^\/chat null/));
  });

  it("NavLink's rule: active on its path and below it, with `end` only on its path, `/` only on `/`", () => {
    expect([
      isActivePath('/chat', '/chat'),
      isActivePath('/chat', '/chat/9'),
      isActivePath('/chat', '/chat/9', true),
      isActivePath('/chat', '/chats'),
      isActivePath('/', '/'),
      isActivePath('/', '/dashboard'),
    ]).toEqual([true, true, false, false, true, false]);
  });
});
