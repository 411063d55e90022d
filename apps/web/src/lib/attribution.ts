import type { Attribution as AttributionBody } from '@trostnetz/contracts/attribution';
import { COOKIE_PREFIX, getCookie, removeCookie, setCookie } from './cookies.ts';

/** SPEC.md §3/§9: marketing-attribution cookie, 1 day, written only with a consent tool present. */
export const ATTRIBUTION_COOKIE = `${COOKIE_PREFIX}-attribution`;
const ATTRIBUTION_DAYS = 1;
const UTM_PARAMS = ['utm_content', 'utm_campaign', 'utm_medium', 'utm_source', 'utm_keyword'] as const;

export type Attribution = Partial<
  Record<'referrer' | 'referring_domain' | (typeof UTM_PARAMS)[number], string>
>;

/** What the page address and referrer tell; null when there is nothing traceable. */
export function readAttribution(href: string, referrer: string): Attribution | null {
  const url = new URL(href);
  const found: Attribution = {};
  if (referrer) {
    try {
      const ref = new URL(referrer);
      // Moving around inside the app is not a referral.
      if (ref.host !== url.host) {
        found.referrer = ref.origin + ref.pathname;
        found.referring_domain = ref.hostname;
      }
    } catch {
      // An unparsable referrer is ignored.
    }
  }
  for (const key of UTM_PARAMS) {
    const value = url.searchParams.get(key);
    if (value) found[key] = value.slice(0, 200);
  }
  return Object.keys(found).length ? found : null;
}

/**
 * Merges into the existing cookie; does nothing without a consent tool and marketing consent (TDDDG
 * § 25: not strictly necessary). Withdrawn consent removes the cookie.
 */
export function updateAttributionCookie(
  attribution: Attribution | null,
  consent: { toolPresent: boolean; marketing: boolean },
): boolean {
  if (consent.toolPresent && !consent.marketing) removeCookie(ATTRIBUTION_COOKIE);
  if (!attribution || !consent.toolPresent || !consent.marketing) return false;
  let previous: Attribution = {};
  try {
    previous = JSON.parse(getCookie(ATTRIBUTION_COOKIE) ?? '{}') as Attribution;
  } catch {
    previous = {};
  }
  setCookie(ATTRIBUTION_COOKIE, JSON.stringify({ ...previous, ...attribution }), { days: ATTRIBUTION_DAYS });
  return true;
}

let captured: Attribution | null = null;

/** Read once at app start, before the first navigation changes the address. */
export function captureAttribution(href = window.location.href, referrer = document.referrer) {
  captured = readAttribution(href, referrer);
}

export function capturedAttribution(): Attribution | null {
  return captured;
}

/** What the cookie holds, for the registration (sent only while it exists, i.e. with consent). */
export function attributionForRegistration(): AttributionBody | undefined {
  try {
    const stored = JSON.parse(getCookie(ATTRIBUTION_COOKIE) ?? 'null') as Attribution | null;
    if (!stored || typeof stored !== 'object') return undefined;
    const fields = ['referrer', 'referring_domain', ...UTM_PARAMS] as const;
    const picked = Object.fromEntries(
      fields
        .filter((k) => typeof stored[k] === 'string')
        .map((k) => [k, stored[k]!.slice(0, k === 'referrer' ? 500 : 200)]),
    );
    return Object.keys(picked).length ? picked : undefined;
  } catch {
    return undefined;
  }
}
