import { authApi } from '@trostnetz/contracts/auth.endpoints';
import { type CallArgs, type Endpoint, type Method, pathOf } from '@trostnetz/contracts/endpoint';
import type { ErrorBody, ErrorCode } from '@trostnetz/contracts/errors';
import { checked } from './answer.ts';
import { getLocale } from './i18n.ts';
import { clearStaffToken, getStaffToken } from './staff-session.ts';
import { getAccessToken, getRefreshToken, saveTokens } from './tokens.ts';

/** SPEC.md §4 Session / §8: one renewal in flight, parked 401s replayed, one retry per request. */
export const TOKEN_PATH = authApi.signIn.path;
export const REFRESH_PATH = authApi.refresh.path;
const NEVER_RENEWED = new Set<string>([TOKEN_PATH, REFRESH_PATH]);

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly fieldErrors: Record<string, string[]>;

  constructor(status: number, body: Partial<ErrorBody> | null) {
    super(body?.message || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code;
    this.fieldErrors = body?.errors ?? {};
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Appended unchanged, e.g. the signed query of a verification link. */
  search?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Treat every other status as failure (the e-mail verification expects exactly 204). */
  expectStatus?: number;
  /** Answer the Response itself, unread (a file to download); errors are thrown as usual. */
  raw?: boolean;
}

interface SessionHooks {
  /** Clears tokens and stored user and sets the 401 state. */
  clearSession: () => void;
  /** Sends the member to /login. */
  onSessionExpired: () => void;
}

let hooks: SessionHooks = {
  clearSession: () => {},
  onSessionExpired: () => window.location.assign('/login'),
};

export function configureSessionHooks(next: Partial<SessionHooks>) {
  hooks = { ...hooks, ...next };
}

/** Headers every call carries: language, tunnel bypass (ngrok and localtunnel). */
export function baseHeaders(): Record<string, string> {
  return {
    Accept: 'application/json',
    'Accept-Language': getLocale(),
    'ngrok-skip-browser-warning': '1',
    'bypass-tunnel-reminder': '1',
  };
}

let renewal: Promise<string> | null = null;

/**
 * Renews the token pair once, however many callers ask at the same time.
 * On failure the session is reset and the error rethrown (SPEC.md §8).
 */
export function renewTokens(): Promise<string> {
  renewal ??= (async () => {
    const refresh = getRefreshToken();
    if (!refresh) throw new ApiError(401, { message: 'No refresh token', code: 'invalid_token' });
    const res = await fetch(REFRESH_PATH, {
      method: authApi.refresh.method,
      credentials: 'include',
      headers: { ...baseHeaders(), Authorization: `Bearer ${refresh}` },
    });
    if (!res.ok) throw new ApiError(res.status, await readBody(res));
    // Checked in development and the tests only; the schema (and zod) is fetched then (decision 021).
    const pair = await checked(res.json(), () =>
      import('@trostnetz/contracts/auth').then((c) => c.tokenPair),
    );
    saveTokens(pair);
    return pair.token;
  })()
    .catch((error: unknown) => {
      hooks.clearSession();
      throw error;
    })
    .finally(() => {
      renewal = null;
    });
  return renewal;
}

/**
 * A picture the API serves only to signed-in members (avatars): fetched with the bearer token, handed
 * out as an object URL. Its path carries a content hash, so one URL per path serves for the whole visit.
 */
const images = new Map<string, Promise<string>>();
export function apiImage(path: string): Promise<string> {
  let url = images.get(path);
  if (!url) {
    url = (async () => {
      const token = getAccessToken();
      const res = await fetch(path, {
        credentials: 'include',
        headers: {
          ...baseHeaders(),
          Accept: 'image/webp',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      });
      if (!res.ok) throw new ApiError(res.status, null);
      return URL.createObjectURL(await res.blob());
    })();
    url.catch(() => images.delete(path));
    images.set(path, url);
  }
  return url;
}

/** Query values; empty ones are left out. */
export type Query = Record<string, string | number | boolean | undefined | null>;

export interface CallOptions extends Omit<RequestOptions, 'method'> {
  query?: Query;
}

/** The options with the values of the path's `:name` parameters (`params`). */
type WithParams = CallOptions & { params?: Record<string, string | number> };

/** The search part of a URL from query values, `?` included; empty values are left out. */
export function searchOf(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Whose session a call carries, and what a 401 means for it. */
interface Session {
  token(): string | null;
  /** The member's pair is renewed once on a 401 (SPEC.md §4); absent, a 401 just ends the session. */
  renews: boolean;
  /** The session is over: its token goes (and the member is sent to /login). */
  end(): void;
}

const memberSession: Session = { token: getAccessToken, renews: true, end: expire };
const staffSession: Session = { token: getStaffToken, renews: false, end: clearStaffToken };

/**
 * The one place a 401 is handled (SPEC.md §4 Session / §8). The member's calls: one renewal in flight,
 * a call started meanwhile waits for it, a 401 is replayed once with the new token, and a failed renewal
 * or a second 401 ends the session. The console's calls carry the staff token and are never renewed: a
 * staff session is short on purpose and signing in again asks for the second factor; a 401 to a call
 * that carried a token ends the staff session (the console layout then shows /nova/login).
 */
async function call<T>(session: Session, path: string, options: RequestOptions): Promise<T> {
  const renewable = session.renews && !NEVER_RENEWED.has(path);
  // A request started while a renewal runs would only earn a 401: wait for the new token.
  if (renewable && renewal) await renewal.catch(() => {});

  const sentWith = session.token();
  let res = await send(path, options, sentWith);
  if (res.status !== 401) return parse<T>(res, options);
  if (!renewable) {
    if (!session.renews && sentWith) session.end();
    return parse<T>(res, options);
  }

  let token: string;
  try {
    const current = session.token();
    // Another request renewed meanwhile: replay with its token instead of renewing again.
    token = current && current !== sentWith ? current : await renewTokens();
  } catch {
    session.end();
    throw new ApiError(401, await readBody(res));
  }
  res = await send(path, options, token);
  if (res.status === 401) session.end();
  return parse<T>(res, options);
}

function target(endpoint: Endpoint, options: WithParams): [string, RequestOptions] {
  const { params, query, ...rest } = options;
  const path = pathOf(endpoint, params);
  return [path, { ...rest, method: endpoint.method, search: (rest.search ?? '') + searchOf(query) }];
}

/**
 * A member's call of one endpoint of the contracts' tables:
 * `api(partnersApi.accept, { params: { id }, body })`. Method and path come from the table.
 */
export async function api<T = unknown, P extends string = string>(
  endpoint: Endpoint<Method, P>,
  ...[options = {}]: CallArgs<P, CallOptions>
): Promise<T> {
  const [path, request] = target(endpoint, options);
  return call<T>(memberSession, path, request);
}

/** The console's call of one endpoint, with the staff token (never the member's). */
export async function consoleApi<T = unknown, P extends string = string>(
  endpoint: Endpoint<Method, P>,
  ...[options = {}]: CallArgs<P, CallOptions>
): Promise<T> {
  const [path, request] = target(endpoint, options);
  return call<T>(staffSession, path, request);
}

/** A member's call by path, for a path the server handed out; features call `api` with an endpoint. */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return call<T>(memberSession, path, options);
}

function expire() {
  hooks.clearSession();
  hooks.onSessionExpired();
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { ...baseHeaders(), ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // an upload: the browser sets the multipart boundary itself
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(path + (options.search ?? ''), {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(0, { message: 'Network error', code: 'unavailable' });
  }
}

async function parse<T>(res: Response, options: RequestOptions): Promise<T> {
  if (!res.ok) throw new ApiError(res.status, await readBody(res));
  if (options.expectStatus !== undefined && res.status !== options.expectStatus) {
    throw new ApiError(res.status, { message: `Expected HTTP ${options.expectStatus}`, code: 'internal' });
  }
  if (options.raw) return res as T;
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

async function readBody(res: Response): Promise<Partial<ErrorBody> | null> {
  try {
    const body: unknown = await res.clone().json();
    return body && typeof body === 'object' ? (body as Partial<ErrorBody>) : null;
  } catch {
    return null;
  }
}
