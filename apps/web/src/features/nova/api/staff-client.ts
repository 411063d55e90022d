import { ApiError, baseHeaders } from '../../../lib/api-client.ts';
import { clearStaffToken, getStaffToken } from '../../../lib/staff-session.ts';

interface StaffRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Query values; empty ones are left out. */
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
}

export function withQuery(path: string, query: StaffRequestOptions['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Every console call: the staff token as bearer (never the member's), the same headers and error
 * shape as the members' client. A 401 means the staff session is over (expired, idle, signed out
 * elsewhere): the token goes, and the console layout sends the staff member to /nova/login. There is
 * no renewal: a staff session is short on purpose, and signing in again asks for the second factor.
 */
export async function staffRequest<T>(path: string, options: StaffRequestOptions = {}): Promise<T> {
  const token = getStaffToken();
  const headers: Record<string, string> = { ...baseHeaders() };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(withQuery(path, options.query), {
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
  if (!res.ok) {
    const errorBody = await res
      .clone()
      .json()
      .catch(() => null);
    if (res.status === 401 && token) clearStaffToken();
    throw new ApiError(res.status, errorBody && typeof errorBody === 'object' ? errorBody : null);
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
