import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from 'history';
import { type ComponentType, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  createRouter,
  isActivePath,
  Link,
  type Location,
  matchRoute,
  Navigate,
  NavLink,
  Outlet,
  type RouteDefinition,
  RouterProvider,
  redirect,
  resolveTo,
  useLocation,
  useNavigate,
  useNavigation,
  useNavigationType,
  useParams,
  useRouteMatch,
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

  it('the catch-all hands on the rest of the path as `*`', () => {
    expect(matchRoute(routes, '/chat/7/x')).toMatchObject({
      route: { meta: 'not-found' },
      params: { '*': 'chat/7/x' },
    });
  });

  it('`?…` and `#…` stay on the path on screen, anything else is taken as it is', () => {
    const from = { pathname: '/chat', search: '?a=1', hash: '', state: null, key: 'k' } satisfies Location;
    expect([resolveTo('?tab=1', from), resolveTo('#end', from), resolveTo('/groups?b=2', from)]).toEqual([
      '/chat?tab=1',
      '/chat?a=1#end',
      '/groups?b=2',
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

  it.each([
    ['finishes', (slow: ReturnType<typeof deferred<void>>) => slow.resolve()],
    ['fails', (slow: ReturnType<typeof deferred<void>>) => slow.reject(new Error('offline'))],
  ])('the latest navigation wins when an earlier one %s later', async (_, finish) => {
    const slow = deferred();
    const { router } = start([
      { path: '/', component: text('home') },
      { path: '/slow', loader: () => slow.promise, component: text('slow') },
      { path: '/fast', loader: async () => null, component: text('fast') },
    ]);
    void router.navigate('/slow');
    await act(() => router.navigate('/fast'));
    await act(async () => finish(slow));
    expect(screen.getByText('fast')).toBeInTheDocument();
    expect(screen.queryByText('slow')).toBeNull();
    expect(screen.queryByText('error screen')).toBeNull();
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
        <button type="button" onClick={() => setParams((current) => `${current}&more=1`)}>
          more
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

  it.each([
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['the middle button', { button: 1 }],
  ])('a click with %s is left to the browser (a new tab or window), the app stays where it is', (_, init) => {
    const { router } = start(
      [
        { path: '/chat', component: Links },
        { path: '/chat/:id', component: Links },
      ],
      '/chat',
    );
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    screen.getByRole('link', { name: 'open' }).dispatchEvent(event);
    expect([event.defaultPrevented, router.state.location.pathname]).toEqual([false, '/chat']);
  });

  it('a link that opens elsewhere (`target`, `reloadDocument`) or whose click was handled is left to the browser', () => {
    const Elsewhere = () => (
      <>
        <Link to="/a" target="_blank">
          new tab
        </Link>
        <Link to="/a" reloadDocument>
          reload
        </Link>
        <Link to="/a" onClick={(event) => event.preventDefault()}>
          handled
        </Link>
        <Link to="/a" target="_self">
          same tab
        </Link>
      </>
    );
    const { router } = start([
      { path: '/', component: Elsewhere },
      { path: '/a', component: text('a') },
    ]);
    for (const name of ['new tab', 'reload']) {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      screen.getByRole('link', { name }).dispatchEvent(event);
      expect([name, event.defaultPrevented, router.state.location.pathname]).toEqual([name, false, '/']);
    }
    screen
      .getByRole('link', { name: 'handled' })
      .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(router.state.location.pathname).toBe('/');
    act(() => {
      screen.getByRole('link', { name: 'same tab' }).click();
    });
    expect(router.state.location.pathname).toBe('/a');
  });

  it('NavLink takes a plain class too; a query or hash in its target does not change what it matches', () => {
    start(
      [
        {
          path: '/chat',
          component: () => (
            <NavLink to="/chat?tab=1#top" className="nav">
              chats
            </NavLink>
          ),
        },
      ],
      '/chat',
    );
    expect(screen.getByRole('link', { name: 'chats' })).toHaveClass('nav');
    expect(screen.getByRole('link', { name: 'chats' })).toHaveAttribute('aria-current', 'page');
  });

  it('useSearchParams changes the query on the same path; an empty one leaves no "?"', async () => {
    start([{ path: '/chat', component: Links }], '/chat');
    await userEvent.click(screen.getByRole('button', { name: 'next tab' }));
    await userEvent.click(screen.getByRole('button', { name: 'next tab' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('/chat?tab=2'));
    await userEvent.click(screen.getByRole('button', { name: 'more' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('/chat?tab=2&more=1'));
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

describe('decision 022: the first load, the history and the loader', () => {
  it('the fallback shows until the first navigation has finished; the address the visitor came with is not written again', async () => {
    const guard = deferred();
    const history = createMemoryHistory({ initialEntries: ['/start'] });
    const router = createRouter({
      routes: [{ path: '/start', loader: () => guard.promise, component: text('start') }],
      history,
    });
    render(<RouterProvider router={router} errorScreen={text('error screen')} fallback={text('loading')} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(router.state).toMatchObject({ initialized: false, navigation: { state: 'loading' } });
    await act(async () => guard.resolve());
    expect(screen.getByText('start')).toBeInTheDocument();
    expect([history.action, history.index]).toEqual(['POP', 0]);
  });

  it('a navigation asked for during the first load resolves once it has finished', async () => {
    const history = createMemoryHistory({ initialEntries: ['/start'] });
    const router = createRouter({
      routes: [
        { path: '/start', loader: () => new Promise(() => {}), component: text('start') },
        { path: '/other', loader: async () => null, component: text('other') },
      ],
      history,
    });
    render(<RouterProvider router={router} errorScreen={text('error screen')} />);
    await act(() => router.navigate('/other'));
    expect(screen.getByText('other')).toBeInTheDocument();
  });

  it('the loader gets the location and the parameters, once per navigation', async () => {
    const loader = vi.fn(async () => null);
    const { router } = start([
      { path: '/', component: text('home') },
      { path: '/chat/:id', loader, component: text('chat') },
    ]);
    await act(() => router.navigate('/chat/7?from=list'));
    expect(loader).toHaveBeenCalledTimes(1);
    expect(loader).toHaveBeenCalledWith({
      location: expect.objectContaining({ pathname: '/chat/7', search: '?from=list' }),
      params: { id: '7' },
    });
  });

  it('back from the first screen shown goes to the entry before it, as the browser went there (POP)', async () => {
    const history = createMemoryHistory({ initialEntries: ['/', '/next'] });
    const router = createRouter({
      routes: [
        { path: '/', loader: async () => null, component: text('home') },
        { path: '/next', component: text('next') },
      ],
      history,
    });
    render(<RouterProvider router={router} errorScreen={text('error screen')} />);
    expect(screen.getByText('next')).toBeInTheDocument();
    act(() => history.back());
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect([history.action, history.index, router.state.action]).toEqual(['POP', 0, 'POP']);
  });

  it('a path no route opens shows the error screen', async () => {
    const { router } = start([{ path: '/', component: text('home') }]);
    await act(() => router.navigate('/nowhere'));
    expect(screen.getByText('error screen')).toBeInTheDocument();
  });

  it('a screen whose import failed is fetched again on the next visit', async () => {
    const lazy = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(text('screen'));
    const { router } = start([
      { path: '/', component: text('home') },
      { path: '/screen', lazy },
    ]);
    await act(() => router.navigate('/screen'));
    expect(screen.getByText('error screen')).toBeInTheDocument();
    await act(() => router.navigate('/'));
    await act(() => router.navigate('/screen'));
    expect(screen.getByText('screen')).toBeInTheDocument();
    expect(lazy).toHaveBeenCalledTimes(2);
  });

  it('going to the address on screen, or with `replace`, replaces the entry instead of adding one', async () => {
    const { router, history } = start([
      { path: '/', component: text('home') },
      { path: '/a', component: text('a') },
    ]);
    await act(() => router.navigate('/'));
    expect([history.index, history.action]).toEqual([0, 'REPLACE']);
    await act(() => router.navigate('/a', { replace: true }));
    expect([history.index, history.action, history.location.pathname]).toEqual([0, 'REPLACE', '/a']);
  });

  it('a listener that unsubscribed hears no more navigations', async () => {
    const { router } = start([
      { path: '/', component: text('home') },
      { path: '/a', component: text('a') },
    ]);
    const heard = vi.fn();
    router.subscribe(heard)();
    await act(() => router.navigate('/a'));
    expect(heard).not.toHaveBeenCalled();
  });

  it('<Navigate> goes on as soon as it shows (replacing, with state); useNavigate goes from a handler', async () => {
    function Go() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate('/b')}>
          go
        </button>
      );
    }
    function Where() {
      const { pathname, state } = useLocation();
      return <output>{`${pathname} ${JSON.stringify(state)}`}</output>;
    }
    const { router, history } = start([
      { path: '/', component: () => <Navigate to="/a" replace state={{ from: 'home' }} /> },
      { path: '/a', component: Go },
      { path: '/b', component: Where },
    ]);
    await screen.findByRole('button', { name: 'go' });
    expect([history.index, router.state.location.state]).toEqual([0, { from: 'home' }]);
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(await screen.findByRole('status')).toHaveTextContent('/b null');
    expect(history.index).toBe(1);
  });

  it('the hooks need a RouterProvider', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Where = () => <p>{useLocation().pathname}</p>;
    expect(() => render(<Where />)).toThrow('Router hooks need a <RouterProvider>');
    error.mockRestore();
  });

  it('the hooks tell how the screen was reached, whether a navigation runs, and the route with its meta', async () => {
    function State() {
      const match = useRouteMatch<string>();
      return (
        <output>{`${useNavigationType()} ${useNavigation().state} ${match?.route.meta} ${match?.params.id}`}</output>
      );
    }
    const { router } = start([
      { path: '/', meta: 'home', component: State },
      { path: '/chat/:id', meta: 'chat-with', loader: async () => null, component: State },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('POP idle home undefined');
    await act(() => router.navigate('/chat/4'));
    expect(screen.getByRole('status')).toHaveTextContent('PUSH idle chat-with 4');
  });
});
