import { describe, expect, it } from 'vitest';
import { ATTRIBUTION_COOKIE, readAttribution, updateAttributionCookie } from './attribution.ts';
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

  it('is written only when a consent tool is present and statistics are allowed; merges on update', () => {
    const first = { utm_source: 'news' };
    expect(updateAttributionCookie(first, { toolPresent: false, statistics: true })).toBe(false);
    expect(updateAttributionCookie(first, { toolPresent: true, statistics: false })).toBe(false);
    expect(getCookie(ATTRIBUTION_COOKIE)).toBeNull();
    expect(updateAttributionCookie(first, { toolPresent: true, statistics: true })).toBe(true);
    updateAttributionCookie({ referring_domain: 'x.example' }, { toolPresent: true, statistics: true });
    expect(JSON.parse(getCookie(ATTRIBUTION_COOKIE) ?? '{}')).toEqual({
      utm_source: 'news',
      referring_domain: 'x.example',
    });
    expect(ATTRIBUTION_COOKIE).toBe('prod-attribution');
  });
});
