/**
 * Where a member was going when the guard sent them to sign in (issue 9 item 16). It travels in the
 * `next` query parameter through login, register, please-verify and onboarding, and is only ever a
 * path of this origin: anything that could leave the site (`//host`, `https://…`, `/\host`, control
 * characters) is dropped, so the parameter can never become an open redirect.
 */
export const RETURN_PARAM = 'next';
const MAX_LENGTH = 2000;
const BASE = 'http://trostnetz.invalid';

/** Screens that are never a destination: they only lead on elsewhere. */
const NOT_A_TARGET = /^\/(login|register|forgot-password|password\/reset|please-verify)(\/|$)|^\/$/;

const hasControlCharacter = (s: string) =>
  [...s].some((c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });

export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_LENGTH) return null;
  // One leading slash, then no second slash or backslash: browsers read `//x` and `/\x` as another host.
  // URL parsing also drops tabs and line breaks (`/\t/x` is `//x`): no backslash or control character.
  if (!/^\/(?![/\\])/.test(raw) || raw.includes('\\') || hasControlCharacter(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return NOT_A_TARGET.test(url.pathname) ? null : path;
}

/** `path` with the target appended as `next`, when the target is safe. */
export function withReturnTo(path: string, target: string | null | undefined): string {
  const safe = safeReturnPath(target);
  if (!safe) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${RETURN_PARAM}=${encodeURIComponent(safe)}`;
}

/** The safe target in a location's query string, else null. */
export function returnTarget(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}
