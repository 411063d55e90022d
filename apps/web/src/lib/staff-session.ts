/**
 * The staff session of the console, kept apart from the member's (lib/tokens.ts): its own key, in
 * sessionStorage (it ends with the tab, and the server's staff session is short anyway), never sent
 * by the members' API client. Signing out of one never signs out of the other.
 */
export const STAFF_TOKEN_KEY = 'trostnetz-staff-token';

interface StoredStaffSession {
  token: string;
  expires_at: string;
}

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function read(): StoredStaffSession | null {
  const raw = storage()?.getItem(STAFF_TOKEN_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredStaffSession>;
    return typeof parsed.token === 'string' && typeof parsed.expires_at === 'string'
      ? { token: parsed.token, expires_at: parsed.expires_at }
      : null;
  } catch {
    return null;
  }
}

/** The staff token while its session lasts; an expired one is dropped here, not sent. */
export function getStaffToken(now: Date = new Date()): string | null {
  const session = read();
  if (!session) return null;
  if (new Date(session.expires_at).getTime() <= now.getTime()) {
    clearStaffToken();
    return null;
  }
  return session.token;
}

export function saveStaffToken(session: StoredStaffSession) {
  storage()?.setItem(STAFF_TOKEN_KEY, JSON.stringify(session));
  for (const l of listeners) l(session.token);
}

export function clearStaffToken() {
  storage()?.removeItem(STAFF_TOKEN_KEY);
  for (const l of listeners) l(null);
}

export function onStaffTokenChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
