import { z } from 'zod';
import { textField } from './fields.ts';
import { vmsg } from './messages.ts';

/** SPEC.md §3: the fields of the marketing-attribution cookie, as the web app reads them from the address. */
export const ATTRIBUTION_FIELDS = [
  'referrer',
  'referring_domain',
  'utm_content',
  'utm_campaign',
  'utm_medium',
  'utm_source',
  'utm_keyword',
] as const;
export const ATTRIBUTION_VALUE_MAX = 200;
/** The referrer is an address (origin and path), so it may be longer than a parameter. */
export const ATTRIBUTION_REFERRER_MAX = 500;

const value = (max: number) => textField().trim().max(max, vmsg('max', max)).optional();

export const attribution = z.object({
  referrer: value(ATTRIBUTION_REFERRER_MAX),
  referring_domain: value(ATTRIBUTION_VALUE_MAX),
  utm_content: value(ATTRIBUTION_VALUE_MAX),
  utm_campaign: value(ATTRIBUTION_VALUE_MAX),
  utm_medium: value(ATTRIBUTION_VALUE_MAX),
  utm_source: value(ATTRIBUTION_VALUE_MAX),
  utm_keyword: value(ATTRIBUTION_VALUE_MAX),
});
export type Attribution = z.infer<typeof attribution>;
