import type { InjectOptions } from 'fastify';
import { defaultAnswers, type MemberTokens, strongPassword } from './factories.ts';

/**
 * Seeded request generator for the fuzz test (issue 9 item 12): from an OpenAPI operation it builds
 * requests close to valid (one odd value gets furthest), malformed ones, and ones of the wrong type.
 */

export interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  additionalProperties?: Schema | boolean;
  minimum?: number;
  maximum?: number;
}
export interface Operation {
  method: string;
  path: string;
  params: Array<{ in: string; name: string; schema: Schema }>;
  body: Schema | null;
}

/** mulberry32: small, fast and the same everywhere. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { chance: (p: number) => next() < p, int, pick: <T>(xs: readonly T[]): T => xs[int(xs.length)]! };
}
type Rng = ReturnType<typeof seeded>;

const oddStrings = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'Hallo \uD800',
  '\uDC00\uD800',
  '😀',
  '\u202Eevil',
  'e\u0301',
  '\r\n\t',
  "' or 1=1 --",
  '%00',
  '%s%n',
  '<script>',
  'null',
  '{}',
  '-1',
  '1e309',
  'ä'.repeat(300),
  'x'.repeat(5000),
];
const oddNumbers = [0, -1, 1.5, -0.5, 1e20, 2 ** 53, 2 ** 63, Number.MAX_SAFE_INTEGER, 1e308, -1e308];
const oddPathValues = [
  '99999999999999999999',
  '9223372036854775808',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  'abc',
  '%00',
  '%20',
  '%F0%9F%98%80',
  '%E0%A4%A',
  '%ED%A0%80',
  '..%2F..%2Fetc',
  "1'--",
  '9'.repeat(300),
];
const malformedBodies = [
  '{',
  '{"a":',
  '[',
  'nul',
  '"\\ud800"',
  '{"message":"\\u0000"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '\u0000',
  '[]',
  '1',
  'true',
  '{"a":'.repeat(200),
  `{"message":"${'x'.repeat(70_000)}"}`,
];
const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
];

function oddValue(r: Rng, depth = 0): unknown {
  switch (r.int(depth > 2 ? 4 : 7)) {
    case 0:
      return r.pick(oddStrings);
    case 1:
      return r.pick(oddNumbers);
    case 2:
      return r.chance(0.5);
    case 3:
      return null;
    case 4:
      return Array.from({ length: r.int(4) }, () => oddValue(r, depth + 1));
    case 5:
      return { [r.pick(['a', '__proto__', 'constructor', '\u0000', '😀'])]: oddValue(r, depth + 1) };
    default:
      return Array.from({ length: 30 }).reduce<unknown[]>((acc) => [acc], []);
  }
}

export interface FuzzWorld {
  /** Signed with the app's key but not as the app signs: no exp, no iat, odd session ids or subjects. */
  forged: string[];
  member: MemberTokens;
  partner: MemberTokens;
  unverified: MemberTokens;
  chatId: number;
  /** A super admin's console session (issue 16): the token /api/admin routes get instead of the member's. */
  staff?: { token: string };
}

/** A plausible value for a field: what the app would accept, or close to it. */
function plausible(r: Rng, w: FuzzWorld, name: string, schema: Schema, depth: number): unknown {
  if (schema.enum) return r.pick(schema.enum);
  if (schema.anyOf) return plausible(r, w, name, r.pick(schema.anyOf), depth);
  const ids = [w.member.id, w.partner.id, w.unverified.id, w.chatId, 1];
  if (/^(id|userId|partner|chat|user_id)$/.test(name))
    return schema.type === 'string' ? String(r.pick(ids)) : r.pick(ids);
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if ((schema.required ?? []).includes(key) || r.chance(0.7))
          out[key] = valueFor(r, w, key, prop, depth + 1);
      }
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        for (const [key, v] of Object.entries(defaultAnswers)) if (r.chance(0.3)) out[key] = v;
      }
      return out;
    }
    case 'array':
      return Array.from({ length: r.int(3) }, () => valueFor(r, w, name, schema.items ?? {}, depth + 1));
    case 'integer':
    case 'number':
      return r.int(Math.min(schema.maximum ?? 200, 200)) + 1;
    case 'boolean':
      return true;
    default: {
      const byName: Record<string, unknown[]> = {
        email: [w.member.email, 'neu@example.org', 'keine-adresse'],
        username: [w.member.email, 'niemand@example.org'],
        password: [strongPassword, 'falsch falsch falsch'],
        password_confirmation: [strongPassword],
        nickname: ['Anna', 'Zwölf Monde'],
        socket_id: ['1.2', '123.456'],
        channel_name: [
          `private-chat_${w.chatId}`,
          `private-user_${w.member.id}_chat_message`,
          `private-chat_${r.pick(oddPathValues)}`,
          `private-user_${r.pick(oddPathValues)}_chat_message`,
          `private-user_${w.member.id}_constructor`,
        ],
        element: ['intro.seen', 'chat-tip'],
        hash: ['a'.repeat(40)],
        signature: ['b'.repeat(64)],
        token: [`pr_${'c'.repeat(43)}`],
        client_id: ['fuzz-client-0001', `fuzz-${String(r.int(1e6)).padStart(6, '0')}`],
      };
      const text = String(
        byName[name] ? r.pick(byName[name]) : r.pick(['Hallo', 'Wie geht es dir?', '12', 'x']),
      );
      // Often one odd character in an otherwise fine value, so that it gets past the other rules.
      return r.chance(0.25) ? text + r.pick(['\u0000', '\uD800', '\uDC00', '😀', '\u200B']) : text;
    }
  }
}

function valueFor(r: Rng, w: FuzzWorld, name: string, schema: Schema, depth = 0): unknown {
  return r.chance(depth === 0 ? 0.1 : 0.08) ? oddValue(r) : plausible(r, w, name, schema, depth);
}

export function buildRequest(r: Rng, w: FuzzWorld, op: Operation): InjectOptions {
  let path = op.path;
  const query = new URLSearchParams();
  for (const p of op.params) {
    const value = r.chance(0.3) ? r.pick(oddPathValues) : String(plausible(r, w, p.name, p.schema, 0));
    if (p.in === 'path') path = path.replace(`{${p.name}}`, value);
    else if (p.in === 'query' && r.chance(0.7)) query.append(p.name, value.replace(/%../g, ''));
  }
  if (r.chance(0.1)) query.append(r.pick(['before', 'limit', '__proto__', 'a[b]', 'x']), r.pick(oddStrings));
  const headers: Record<string, string> = {};
  const auth = r.int(10);
  if (auth < 7)
    headers.authorization = `Bearer ${w.staff && op.path.startsWith('/api/admin/') ? w.staff.token : w.member.token}`;
  else if (auth === 7) headers.authorization = `Bearer ${w.unverified.token}`;
  else if (auth === 8) {
    const junk = [
      'Bearer',
      'Bearer x.y.z',
      'Basic Zm9vOmJhcg==',
      'bearer  ',
      `Bearer ${w.member.refresh_token}`,
    ];
    headers.authorization = r.chance(0.5) ? r.pick(junk) : `Bearer ${r.pick(w.forged)}`;
  }
  if (r.chance(0.2)) headers['accept-language'] = r.pick(['en', 'de', 'xx', '*', '']);
  if (r.chance(0.1)) headers['x-socket-id'] = r.pick(['1.2', 'abc', '99999999999999999999.1']);

  let payload: string | undefined;
  const method = op.method.toUpperCase();
  if (op.body || (method !== 'GET' && r.chance(0.3))) {
    // Mostly JSON close to valid (one odd value gets furthest), else malformed, form-encoded or another type.
    const shape = r.int(10);
    const value = valueFor(r, w, 'body', op.body ?? {});
    headers['content-type'] = 'application/json';
    if (shape < 7) payload = JSON.stringify(value);
    else if (shape < 8) payload = r.pick(malformedBodies);
    else if (value && typeof value === 'object') {
      const fields = Object.entries(value).map(([k, v]): [string, string] => [k, String(v)]);
      payload = new URLSearchParams(fields).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    if (shape === 9) headers['content-type'] = r.pick(contentTypes);
    if (op.path === '/pusher/auth' && r.chance(0.5)) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams({
        socket_id: String(valueFor(r, w, 'socket_id', { type: 'string' })),
        channel_name: String(valueFor(r, w, 'channel_name', { type: 'string' })),
      }).toString();
    }
  }
  const search = query.toString();
  return {
    method: method as InjectOptions['method'],
    url: search ? `${path}?${search}` : path,
    headers,
    payload,
  };
}

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Operation['params']; requestBody?: { content: Record<string, { schema: Schema }> } }
    >
  >;
};

/** Every operation of an OpenAPI document, with its parameters and the schema of its first body type. */
export function operationsOf(doc: Doc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method,
      path,
      params: op.parameters ?? [],
      body: op.requestBody ? (Object.values(op.requestBody.content)[0]?.schema ?? {}) : null,
    })),
  );
}
