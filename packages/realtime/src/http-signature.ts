import { createHash } from 'node:crypto';
import { hmacSha256Hex, safeEqual } from './auth-signature.ts';
import type { RealtimeAppCredentials } from './options.ts';

export interface HttpApiRequest {
  method: string;
  /** URL path without the query string, exactly as requested (it is part of the signature). */
  path: string;
  query: Record<string, string>;
  /** The body text exactly as received (body_md5 is computed over it). */
  rawBody: string;
}

const MAX_CLOCK_SKEW_SEC = 600;

/**
 * Pusher HTTP API request signing: auth_signature = hex HMAC-SHA256(secret,
 * "METHOD\npath\n" + every other query parameter, lower-cased keys sorted, joined as k=v&...).
 * Returns why the request is refused, or null when it is authentic.
 */
export function signatureProblem(
  app: RealtimeAppCredentials,
  request: HttpApiRequest,
  nowSec = Date.now() / 1000,
): string | null {
  const { query } = request;
  if (query.auth_key !== app.key) return 'Unknown auth_key';
  const timestamp = Number(query.auth_timestamp);
  if (!query.auth_timestamp || !Number.isFinite(timestamp)) return 'Missing auth_timestamp';
  if (Math.abs(nowSec - timestamp) > MAX_CLOCK_SKEW_SEC) return 'Timestamp expired: more than 600 s off';
  if (query.auth_version !== '1.0') return 'Unsupported auth_version';
  if (request.rawBody.length > 0 || query.body_md5 !== undefined) {
    const md5 = createHash('md5').update(request.rawBody).digest('hex');
    if (typeof query.body_md5 !== 'string' || !safeEqual(query.body_md5, md5))
      return 'body_md5 does not match';
  }
  const signature = query.auth_signature;
  if (typeof signature !== 'string') return 'Missing auth_signature';
  const params = Object.keys(query)
    .filter((key) => key !== 'auth_signature')
    .map((key) => [key.toLowerCase(), query[key]] as const)
    .sort(byKey)
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const expected = hmacSha256Hex(app.secret, `${request.method.toUpperCase()}\n${request.path}\n${params}`);
  return safeEqual(signature, expected) ? null : 'Invalid signature';
}

/** Code-unit order of the lower-cased keys, as the SDKs sort them; keys equal once lower-cased keep their order. */
function byKey([a]: readonly [string, unknown], [b]: readonly [string, unknown]): number {
  if (a < b) return -1;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, V8's sort only asks whether the answer is negative, so 1 and 0 order alike
  return a > b ? 1 : 0;
}
