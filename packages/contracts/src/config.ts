import type { PublicConfig } from './user.ts';

export type { PublicConfig };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const nullable =
  <T>(is: (value: unknown) => value is T) =>
  (value: unknown): value is T | null =>
    value === null || is(value);
const isScheme = (value: unknown): value is 'http' | 'https' => value === 'http' || value === 'https';

/**
 * GET /api/config read without zod: what `publicConfig.parse` (user.ts) answers, null where it would
 * throw. The web app reads this answer before its first screen, and a guest's first screen needs no
 * other schema; with this reader it loads none of zod (issue 13, decision 020). config.test.ts holds it
 * equal to the schema on every input it generates; a field added to the schema fails the type below.
 */
export function readPublicConfig(raw: unknown): PublicConfig | null {
  if (!isRecord(raw) || !isString(raw.app_name) || !isString(raw.onboarding_url)) return null;
  const { pusher, analytics } = raw;
  if (
    !isRecord(pusher) ||
    !isString(pusher.key) ||
    !isString(pusher.cluster) ||
    !nullable(isString)(pusher.host) ||
    !nullable(isInt)(pusher.port) ||
    !nullable(isScheme)(pusher.scheme)
  )
    return null;
  const isAnalytics = (value: unknown): value is { url: string; site_id: number } =>
    isRecord(value) && isString(value.url) && isInt(value.site_id);
  if (!nullable(isAnalytics)(analytics)) return null;
  // A new object of the schema's keys alone, as zod's parse answers (unknown keys are dropped).
  const config: { [K in keyof PublicConfig]-?: PublicConfig[K] } = {
    app_name: raw.app_name,
    onboarding_url: raw.onboarding_url,
    pusher: {
      key: pusher.key,
      cluster: pusher.cluster,
      host: pusher.host,
      port: pusher.port,
      scheme: pusher.scheme,
    },
    analytics: analytics === null ? null : { url: analytics.url, site_id: analytics.site_id },
  };
  return config;
}
