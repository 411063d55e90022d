/** Cookie helper of SPEC.md §9: default 30 days, path /, SameSite Lax, secure on https. */
export const COOKIE_PREFIX = 'prod';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CookieOptions {
  days?: number;
  /** Set to share the cookie across subdomains (e.g. `.example.org`). */
  domain?: string;
  path?: string;
}

export function setCookie(
  name: string,
  value: string,
  { days = 30, domain, path = '/' }: CookieOptions = {},
) {
  const expires = new Date(Date.now() + days * DAY_MS).toUTCString();
  let cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=${path}; SameSite=Lax`;
  if (domain) cookie += `; domain=${domain}`;
  if (window.location.protocol === 'https:') cookie += '; secure';
  write(cookie);
}

export function removeCookie(
  name: string,
  { domain, path = '/' }: Pick<CookieOptions, 'domain' | 'path'> = {},
) {
  let cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}; SameSite=Lax`;
  if (domain) cookie += `; domain=${domain}`;
  write(cookie);
}

/**
 * The cookies as one task reads them. Reading `document.cookie` asks the browser's cookie store each time (a
 * synchronous round trip in Chromium), and every API request reads the session: the half-dozen requests a
 * screen starts together read it once. Forgotten at the end of the task and on every write here.
 */
let jar: string | null = null;

function write(cookie: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every browser we support
  document.cookie = cookie;
  jar = null;
}

function cookieJar(): string {
  if (jar === null) {
    jar = document.cookie;
    queueMicrotask(() => {
      jar = null;
    });
  }
  return jar;
}

export function getCookie(name: string): string | null {
  for (const part of cookieJar().split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}
