import { Action, createPath, type History, type Location, parsePath } from 'history';
import {
  type AnchorHTMLAttributes,
  Component,
  type ComponentType,
  createContext,
  type MouseEvent,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { parse } from 'regexparam';

/**
 * The app's router (decision 022): the browser's history (the `history` package), paths matched by `regexparam`,
 * and what the app needs of a data router around them: each navigation runs its route's loader (the guard) and
 * fetches its screen before the screen changes, a loader can redirect, the latest navigation wins, and a
 * failure shows the error screen. The API follows React Router's names (`Link`, `NavLink`, `useNavigate`, …).
 */

export type Params = Record<string, string | undefined>;
export type { Location };

export interface LoaderArgs {
  location: Location;
  params: Params;
}

type Lazy = () => Promise<ComponentType>;

export interface RouteDefinition<M = unknown> {
  /** `/chat/:id`, `*` for every other path. */
  path: string;
  meta?: M;
  /** Runs before the screen shows; throw `redirect(to)` to go elsewhere instead. */
  loader?: (args: LoaderArgs) => unknown;
  /** The screen, or (`lazy`) a function that fetches it, once: it is kept for later visits. */
  component?: ComponentType;
  lazy?: Lazy;
  /** A frame the screen renders in through `<Outlet />`; routes naming the same function share it. */
  layout?: Lazy;
}

export interface RouteMatch<M = unknown> {
  route: RouteDefinition<M>;
  params: Params;
}

export interface RouterState<M = unknown> {
  /** False until the first navigation has finished. */
  initialized: boolean;
  /** The location on screen (during a navigation, the one being left). */
  location: Location;
  /** How the location on screen was reached: POP (first load, back, forward), PUSH or REPLACE. */
  action: Action;
  match: RouteMatch<M> | null;
  screen: ComponentType | null;
  layout: ComponentType | null;
  /** `loading` while a navigation's loader or screen is still on its way. */
  navigation: { state: 'idle' | 'loading' };
  /** What a loader or a screen's import threw; the error screen shows it. */
  error: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

class Redirect {
  constructor(readonly to: string) {}
}

/** Thrown by a loader: the navigation goes to `to` instead, in place of the one asked for. */
export function redirect(to: string): Redirect {
  return new Redirect(to);
}

/** React Router's ranking: static segments before parameters before a splat, then the order given. */
function score(path: string): number {
  const segments = path.split('/').filter(Boolean);
  let total = segments.length;
  for (const segment of segments) total += segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10;
  return total;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

interface CompiledRoute<M> {
  route: RouteDefinition<M>;
  keys: string[];
  pattern: RegExp;
  score: number;
}

function compile<M>(routes: RouteDefinition<M>[]): CompiledRoute<M>[] {
  return routes
    .map((route) => ({ route, ...parse(route.path), score: score(route.path) }))
    .sort((a, b) => b.score - a.score);
}

function matchCompiled<M>(compiled: CompiledRoute<M>[], pathname: string): RouteMatch<M> | null {
  for (const { route, keys, pattern } of compiled) {
    const found = pattern.exec(pathname);
    if (!found) continue;
    const params: Params = {};
    keys.forEach((key, i) => {
      params[key] = decode(found[i + 1] ?? '');
    });
    return { route, params };
  }
  return null;
}

/** The route a path opens, as the router picks it. */
export function matchRoute<M>(routes: RouteDefinition<M>[], pathname: string): RouteMatch<M> | null {
  return matchCompiled(compile(routes), pathname);
}

/** `?tab=1` and `#x` stay on the current path; anything else is taken as it is. */
export function resolveTo(to: string, from: Location): string {
  if (to.startsWith('?')) return `${from.pathname}${to}`;
  if (to.startsWith('#')) return `${from.pathname}${from.search}${to}`;
  return to;
}

/** A location the app is going to; it gets its key when it is written to the history. */
function pending(href: string, state: unknown): Location {
  const { pathname = '/', search = '', hash = '' } = parsePath(href);
  return { pathname, search, hash, state, key: 'pending' };
}

export interface Router<M = unknown> {
  readonly state: RouterState<M>;
  /** Goes to `to`; resolves when the navigation (and any redirect it led to) has finished. */
  navigate(to: string, options?: NavigateOptions): Promise<void>;
  subscribe(listener: (state: RouterState<M>) => void): () => void;
}

export function createRouter<M>({
  routes,
  history,
}: {
  routes: RouteDefinition<M>[];
  history: History;
}): Router<M> {
  const compiled = compile(routes);
  const listeners = new Set<(state: RouterState<M>) => void>();
  const screens = new Map<RouteDefinition<M>, Promise<ComponentType>>();
  const layouts = new Map<Lazy, Promise<ComponentType>>();
  let state: RouterState<M> = {
    initialized: false,
    location: history.location,
    action: history.action,
    match: null,
    screen: null,
    layout: null,
    // The first navigation starts below, before anyone can read this.
    navigation: { state: 'idle' },
    error: null,
  };
  let latest = 0;
  let settled: Promise<void> = Promise.resolve();
  let settle = () => {};

  const set = (next: Partial<RouterState<M>>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener(state);
  };

  // Imported once per route: the same component on every visit, so a screen stays mounted when only its
  // parameters change, and a failed import is tried again on the next visit.
  const once = <K,>(cache: Map<K, Promise<ComponentType>>, key: K, load: Lazy) => {
    let pending = cache.get(key);
    if (!pending) {
      pending = load();
      cache.set(key, pending);
      pending.catch(() => cache.delete(key));
    }
    return pending;
  };
  const screenOf = (route: RouteDefinition<M>): Promise<ComponentType | null> =>
    route.lazy ? once(screens, route, route.lazy) : Promise.resolve(route.component ?? null);

  // What the app asks for is written to the history when its screen shows, so the address and the screen
  // change together (as React Router's data router does); back and forward have already changed it.
  let writing = false;
  const commit = (location: Location, action: Action, write: boolean, next: Partial<RouterState<M>>) => {
    if (write) {
      writing = true;
      try {
        if (action === Action.Push) history.push(location, location.state);
        else history.replace(location, location.state);
      } finally {
        writing = false;
      }
    }
    set({
      initialized: true,
      location: write ? history.location : location,
      action,
      ...next,
      navigation: { state: 'idle' },
    });
    settle();
  };

  async function run(location: Location, action: Action, write: boolean): Promise<void> {
    const id = ++latest;
    if (state.navigation.state !== 'loading') {
      settled = new Promise((resolve) => {
        settle = resolve;
      });
      set({ navigation: { state: 'loading' } });
    }
    const match = matchCompiled(compiled, location.pathname);
    try {
      if (!match) throw new Error(`No route for ${location.pathname}`);
      const { route, params } = match;
      // A route with nothing to wait for shows at once, as React Router does.
      if (!route.loader && !route.lazy && !route.layout) {
        commit(location, action, write, {
          match,
          screen: route.component ?? null,
          layout: null,
          error: null,
        });
        return;
      }
      const [, screen, layout] = await Promise.all([
        route.loader?.({ location, params }),
        screenOf(route),
        route.layout ? once(layouts, route.layout, route.layout) : null,
      ]);
      if (id !== latest) return;
      commit(location, action, write, { match, screen, layout, error: null });
    } catch (error) {
      if (id !== latest) return;
      // In place of the entry asked for: pushed if that was to be pushed, otherwise replacing it.
      if (error instanceof Redirect)
        return run(pending(error.to, null), action === Action.Push ? Action.Push : Action.Replace, true);
      commit(location, action, write, { match, error });
    }
  }

  history.listen(({ location, action }) => {
    if (!writing) void run(location, action, false);
  });
  void run(history.location, history.action, false);

  return {
    get state() {
      return state;
    },
    navigate(to, options = {}) {
      const href = resolveTo(to, state.location);
      const same = href === createPath(state.location);
      void run(
        pending(href, options.state ?? null),
        options.replace || same ? Action.Replace : Action.Push,
        true,
      );
      return settled;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const RouterContext = createContext<Router | null>(null);
const OutletContext = createContext<ReactNode>(null);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks need a <RouterProvider>');
  return router;
}

function useRouterState<M = unknown>(): RouterState<M> {
  const router = useRouter();
  return useSyncExternalStore(router.subscribe, () => router.state) as RouterState<M>;
}

interface ErrorBoundaryProps {
  fallback: ComponentType;
  resetKey: string;
  children: ReactNode;
}

/** A screen that throws while rendering shows the error screen; the next navigation tries again. */
class RenderErrorBoundary extends Component<ErrorBoundaryProps, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };
  override componentDidCatch(error: unknown) {
    console.error(error);
    this.setState({ failedAt: this.props.resetKey });
  }
  override render() {
    if (this.state.failedAt !== this.props.resetKey) return this.props.children;
    const Fallback = this.props.fallback;
    return <Fallback />;
  }
}

/**
 * Renders the router's screen inside `root` (the app's frame, which places it with `<Outlet />`), `fallback`
 * until the first navigation has finished, and `errorScreen` when a navigation failed or a screen threw.
 */
export function RouterProvider<M>({
  router,
  root: Root,
  fallback: Fallback,
  errorScreen,
}: {
  router: Router<M>;
  root?: ComponentType;
  fallback?: ComponentType;
  /** Without one, a failure is thrown on to the caller's own error boundary. */
  errorScreen?: ComponentType;
}) {
  const state = useSyncExternalStore(router.subscribe, () => router.state);
  const ErrorScreen =
    errorScreen ??
    (() => {
      throw state.error;
    });
  let content: ReactNode = null;
  if (!state.initialized) content = Fallback ? <Fallback /> : null;
  else if (state.error) content = <ErrorScreen />;
  else {
    const Screen = state.screen;
    const Layout = state.layout;
    const screen = Screen ? <Screen /> : null;
    const framed = Layout ? (
      <OutletContext.Provider value={screen}>
        <Layout />
      </OutletContext.Provider>
    ) : (
      screen
    );
    content = Root ? (
      <OutletContext.Provider value={framed}>
        <Root />
      </OutletContext.Provider>
    ) : (
      framed
    );
  }
  return (
    <RouterContext.Provider value={router as Router<unknown>}>
      <RenderErrorBoundary fallback={ErrorScreen} resetKey={state.location.key}>
        {content}
      </RenderErrorBoundary>
    </RouterContext.Provider>
  );
}

/** Where a frame shows the screen (or the inner frame) inside it. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

export function useLocation(): Location {
  return useRouterState().location;
}
export function useNavigationType(): Action {
  return useRouterState().action;
}
export function useNavigation(): RouterState['navigation'] {
  return useRouterState().navigation;
}
export function useParams(): Params {
  return useRouterState().match?.params ?? {};
}
/** The route on screen and its parameters. */
export function useRouteMatch<M>(): RouteMatch<M> | null {
  return useRouterState<M>().match;
}

export function useNavigate(): (to: string, options?: NavigateOptions) => Promise<void> {
  const router = useRouter();
  return router.navigate;
}

type SearchInit = URLSearchParams | string | Record<string, string>;

/** The query string of the location on screen, and a way to change it (a new history entry unless `replace`). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const router = useRouter();
  const { pathname, search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (
    next: SearchInit | ((current: URLSearchParams) => SearchInit),
    options?: NavigateOptions,
  ) => {
    const value = typeof next === 'function' ? next(new URLSearchParams(search)) : next;
    const query = new URLSearchParams(value).toString();
    void router.navigate(`${pathname}${query ? `?${query}` : ''}`, options);
  };
  return [params, setParams];
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  /** A full page load instead of a navigation inside the app. */
  reloadDocument?: boolean;
};

function modified(event: MouseEvent): boolean {
  return event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

export function Link({ to, replace, state, reloadDocument, onClick, target, ...rest }: LinkProps) {
  const router = useRouter();
  const href = resolveTo(to, useLocation());
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || reloadDocument || event.button !== 0 || modified(event)) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    void router.navigate(href, { replace, state });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

/** React Router's rule: active on its path and below it (`end`: on its path only); `/` only on `/`. */
export function isActivePath(to: string, pathname: string, end = false): boolean {
  const path = to.replace(/[?#].*$/, '');
  if (pathname === path) return true;
  if (end || path === '/') return false;
  return pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
}

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A link that knows whether it leads to the screen in front of the member (`aria-current="page"`). */
export function NavLink({ end, className, ...rest }: NavLinkProps) {
  const isActive = isActivePath(rest.to, useLocation().pathname, end);
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

/** Navigates as soon as it renders. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}
