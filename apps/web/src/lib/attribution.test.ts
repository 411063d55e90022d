import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_COOKIE,
  attributionForRegistration,
  readAttribution,
  updateAttributionCookie,
} from './attribution.ts';
import { getCookie } from './cookies.ts';

describe('SPEC.md §2/§3/§9 marketing-attribution cookie', () => {
  it('reads referrer, referring_domain and the utm parameters from the page address', () => {
    expect(
      readAttribution(
        'https://trost.example/register?utm_source=news&utm_medium=mail&utm_campaign=herbst&utm_content=a&utm_keyword=trauer&x=1',
        'https://www.search.example/results?q=secret',
      ),
    ).toEqual({
      referrer: 'https://www.search.example/results',
      referring_domain: 'www.search.example',
      utm_source: 'news',
      utm_medium: 'mail',
      utm_campaign: 'herbst',
      utm_content: 'a',
      utm_keyword: 'trauer',
    });
  });

  it('nothing traceable (or an internal referrer) → null', () => {
    expect(readAttribution('https://trost.example/login', '')).toBeNull();
    expect(readAttribution('https://trost.example/login', 'https://trost.example/faq')).toBeNull();
  });

  it('is written only when a consent tool is present and marketing is allowed; merges on update', () => {
    const first = { utm_source: 'news' };
    expect(updateAttributionCookie(first, { toolPresent: false, marketing: true })).toBe(false);
    expect(updateAttributionCookie(first, { toolPresent: true, marketing: false })).toBe(false);
    expect(getCookie(ATTRIBUTION_COOKIE)).toBeNull();
    expect(attributionForRegistration()).toBeUndefined();
    expect(updateAttributionCookie(first, { toolPresent: true, marketing: true })).toBe(true);
    updateAttributionCookie({ referring_domain: 'x.example' }, { toolPresent: true, marketing: true });
    expect(JSON.parse(getCookie(ATTRIBUTION_COOKIE) ?? '{}')).toEqual({
      utm_source: 'news',
      referring_domain: 'x.example',
    });
    expect(ATTRIBUTION_COOKIE).toBe('prod-attribution');
    // What the registration sends along: the cookie's fields, nothing else.
    expect(attributionForRegistration()).toEqual({ utm_source: 'news', referring_domain: 'x.example' });
  });

  it('withdrawn marketing consent removes the cookie, and the registration sends none', () => {
    updateAttributionCookie({ utm_source: 'news' }, { toolPresent: true, marketing: true });
    expect(getCookie(ATTRIBUTION_COOKIE)).not.toBeNull();
    updateAttributionCookie(null, { toolPresent: true, marketing: false });
    expect(getCookie(ATTRIBUTION_COOKIE)).toBeNull();
    expect(attributionForRegistration()).toBeUndefined();
  });
});
