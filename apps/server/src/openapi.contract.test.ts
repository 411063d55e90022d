import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from './lib/paths.ts';
import { type MemberTokens, onboardMember, registerMember } from './test/factories.ts';
import { makeSuperAdmin } from './test/staff.ts';
import { call, createTestApp, type TestApp } from './test/test-app.ts';

/**
 * Issue 19: the document at /api/docs/json tells the truth. Every documented operation is called (the
 * list comes from the document itself, so later routes are covered without being named here): without a
 * token, with a member who may not, with input that breaks its rules, and plausibly for its success.
 * Every answer's status must be documented and its JSON body must match the documented schema.
 */

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  minItems?: number;
  minimum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};
interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: Schema; description?: string }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<
    string,
    { $ref?: string; description?: string; content?: Record<string, { schema: Schema }> }
  >;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
    securitySchemes: Record<string, Record<string, unknown>>;
  };
}

let t: TestApp;
let doc: Document;
let a: MemberTokens; // onboarded super admin: may do everything
let b: MemberTokens; // onboarded, A's partner
let unverified: MemberTokens;
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);

beforeAll(async () => {
  t = await createTestApp();
  const answers = { loss_kind: ['partner'], languages: ['de'], region: ['de_berlin'] };
  a = await onboardMember(t, answers);
  b = await onboardMember(t, answers);
  unverified = await registerMember(t);
  await makeSuperAdmin(t, a.id);
  await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} });
  await call(t, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: b.token, body: {} });
  await call(t, 'POST', `/api/chat/${b.id}/send`, { token: a.token, body: { message: 'Hallo' } });
  doc = (await call(t, 'GET', '/api/docs/json')).json as unknown as Document;
  ajv.addSchema(draft4Bounds(structuredClone(doc)) as object, 'doc');
});
afterAll(() => t.close());

/** OpenAPI 3.0 writes exclusive bounds as booleans (JSON Schema draft 4); ajv reads the later numbers. */
function draft4Bounds(node: unknown): unknown {
  if (!node || typeof node !== 'object') return node;
  const s = node as Record<string, unknown>;
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (s[flag] === true) {
      s[flag] = s[bound];
      delete s[bound];
    } else if (s[flag] === false) delete s[flag];
  }
  for (const value of Object.values(s)) draft4Bounds(value);
  return node;
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const path = schema.$ref.replace(/^#\//, '').split('/');
  let node: unknown = doc;
  for (const p of path)
    node = (node as Record<string, unknown>)[p.replaceAll('~1', '/').replaceAll('~0', '~')];
  return resolve(node as Schema);
}

/** A plausible value for a schema: ids point at member B, strings meet their length and pattern. */
function sample(input: Schema, name = ''): unknown {
  const schema = resolve(input);
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return sample(alternatives.find((s) => s.type !== 'null') ?? alternatives[0]!, name);
  if (schema.allOf) return sample(schema.allOf[0]!, name);
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key] ?? {}, key);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, name));
    case 'integer':
    case 'number':
      return /id$/i.test(name) ? b.id : (schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'email' || /email/.test(name)) return `contract-${Date.now()}@example.org`;
      const candidates = [
        String(b.id),
        'Lindenblüte am Fluss 7 ist lang genug',
        'de',
        '2026-01-01',
        'a'.repeat(Math.max(1, schema.minLength ?? 1)),
      ];
      const re = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
      const fits = (s: string) => (!re || re.test(s)) && s.length >= (schema.minLength ?? 0);
      const preferred = /id$|partner|user/i.test(name)
        ? candidates
        : candidates.slice(1).concat(candidates[0]!);
      return preferred.find(fits) ?? candidates.at(-1);
    }
    default:
      return 'x';
  }
}

interface Answer {
  status: number;
  text: string;
  headers: Record<string, unknown>;
}

const problems: string[] = [];

/** Records a problem unless the status is documented and a JSON body matches its schema. */
function check(path: string, method: string, op: Operation, res: Answer, what: string) {
  try {
    checkAnswer(path, method, op, res, what);
  } catch (err) {
    problems.push((err as Error).message.split('\n')[0]!.slice(0, 400));
  }
}

function checkAnswer(path: string, method: string, op: Operation, res: Answer, what: string) {
  const where = `${method.toUpperCase()} ${path} (${what}) answered ${res.status}: ${res.text.slice(0, 200)}`;
  const status = String(res.status);
  const documented = op.responses[status] ?? op.responses.default;
  expect(documented, `undocumented status: ${where}`).toBeDefined();
  const response = documented!.$ref
    ? doc.components.responses[documented!.$ref.split('/').at(-1)!]!
    : documented!;
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  if (res.status === 204 || res.status === 304) {
    expect(res.text, `a body with ${status}: ${where}`).toBe('');
    return;
  }
  const json = response.content?.['application/json'];
  if (!json || !isJson) return;
  const ref =
    response === documented && !documented.$ref
      ? `doc#/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}`
      : `doc#/${pointer('components', 'responses', documented!.$ref!.split('/').at(-1)!, 'content', 'application/json', 'schema')}`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  const ok = validate(JSON.parse(res.text));
  expect(ok, `body does not match the schema: ${where}\n${JSON.stringify(validate.errors)}`).toBe(true);
}

function fillPath(path: string, op: Operation, bad = false): string {
  let url = path;
  for (const p of op.parameters ?? []) {
    if (p.in !== 'path') continue;
    const value = bad ? 'not-an-id' : String(sample(p.schema, p.name));
    url = url.replace(`{${p.name}}`, encodeURIComponent(value));
  }
  const query = (op.parameters ?? [])
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema, p.name)))}`);
  return query.length ? `${url}?${query.join('&')}` : url;
}

/** Calls that may end the session or the account run last. */
const endsSomething = (path: string, method: string) =>
  method !== 'get' && /revoke|delete|sessions|password|email|logout|tokens/.test(path);

describe('issue 19: the API document tells the truth', () => {
  it('is valid OpenAPI 3.0 (outside schema validator); every operation has an operationId and a summary, parameters are described', async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\.0\./);
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.operationId, `${method} ${path}`).toBeTruthy();
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        expect(ids.has(op.operationId!), `duplicate operationId ${op.operationId}`).toBe(false);
        ids.add(op.operationId!);
        for (const p of op.parameters ?? [])
          if (p.in === 'path') expect(p.description, `${path} ${p.name}`).toBeTruthy();
        if (op.responses['204']) expect(op.responses['204'].content, `${method} ${path} 204`).toBeUndefined();
      }
    }
    const hide = doc.paths['/api/block/{id}']!.delete!;
    expect(hide.parameters![0]!.description).toMatch(/hidden-list entry's id/);
  });

  it('unread rule (SPEC.md §7): GET /api/chat/unreadByChat is documented as the bare map of sender id to count', () => {
    const answer = doc.paths['/api/chat/unreadByChat']!.get!.responses['200']!;
    const schema = resolve(answer.content!['application/json']!.schema);
    expect(schema.type).toBe('object');
    expect(schema.properties ?? {}).toEqual({});
    expect(schema.required ?? []).toEqual([]);
    expect(resolve(schema.additionalProperties as Schema).type).toBe('integer');
  });

  it('session rule: GET /api/auth/tokens/refresh declares its bearer security (the refresh token, not the access token) and answers 401 without it, as documented', async () => {
    const op = doc.paths['/api/auth/tokens/refresh']!.get!;
    expect(op.security).toEqual([{ refreshToken: [] }]);
    expect(doc.components.securitySchemes.refreshToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(op.responses['401']).toEqual({ $ref: '#/components/responses/Unauthenticated' });
    const fresh = await registerMember(t);
    for (const token of [undefined, fresh.token]) {
      const res = await call(t, 'GET', '/api/auth/tokens/refresh', { token });
      expect([res.status, res.json.code]).toEqual([401, 'invalid_token']);
    }
    const renewed = await call(t, 'GET', '/api/auth/tokens/refresh', { token: fresh.refresh_token });
    expect(renewed.status).toBe(200);
    expect(Object.keys(renewed.json).sort()).toEqual(['refresh_token', 'token']);
  });

  it('every operation: its answers without a token, as a member who may not, with bad input and for its success are documented and match', async () => {
    const operations = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })))
      .sort((x, y) => Number(endsSomething(x.path, x.method)) - Number(endsSomething(y.path, y.method)));
    expect(operations.length).toBeGreaterThan(50);
    let secured = 0;
    for (const { path, method, op } of operations) {
      const m = method.toUpperCase() as 'GET';
      const jsonBody = op.requestBody?.content['application/json']?.schema;
      const body = jsonBody ? sample(jsonBody) : undefined;
      if (op.security?.length) {
        secured += 1;
        const guest = await call(t, m, fillPath(path, op), { body });
        // Input is validated before the session is asked for: a sample that breaks a pattern may get its 422.
        const validatedFirst = guest.status === 422 && (jsonBody || op.parameters?.length);
        if (guest.status !== 401 && !validatedFirst)
          problems.push(`${m} ${path} without a token answered ${guest.status}`);
        check(path, method, op, guest, 'no token');
        check(
          path,
          method,
          op,
          await call(t, m, fillPath(path, op), { body, token: unverified.token }),
          'unverified',
        );
      }
      if (jsonBody) {
        check(
          path,
          method,
          op,
          await call(t, m, fillPath(path, op), { body: [], token: a.token }),
          'bad body',
        );
      }
      if (op.parameters?.some((p) => p.in === 'path')) {
        check(
          path,
          method,
          op,
          await call(t, m, fillPath(path, op, true), { body, token: a.token }),
          'bad id',
        );
      }
      check(path, method, op, await call(t, m, fillPath(path, op), { body, token: a.token }), 'plausible');
    }
    expect(problems).toEqual([]);
    expect(secured).toBeGreaterThan(30);
  });
});

describe('issue 19: client code generated from the document', () => {
  it('openapi-typescript types compile, and what the web app sends (the contracts) fits them, and what the server answers too', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'trostnetz-openapi-'));
    writeFileSync(path.join(dir, 'api.ts'), astToString(await openapiTS(doc as never)));
    const contracts = path.join(serverRoot, '../../packages/contracts/src');
    const zod = path.join(serverRoot, '../../node_modules/zod');
    writeFileSync(
      path.join(dir, 'check.ts'),
      `import type { z } from '${zod}';
import type { paths } from './api.ts';
import type { loginBody, loginResponse, registerBody } from '${contracts}/auth.ts';
import type { chatMessage, sendMessageBody } from '${contracts}/chat.ts';
import type { supportRequestBody } from '${contracts}/customer-service.ts';
import type { ownProfile } from '${contracts}/profile.ts';
import type { blockBody, reportBody } from '${contracts}/safety.ts';
import type { changePasswordBody } from '${contracts}/settings.ts';
type Sends<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
} ? B : never;
type Answers<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends {
  responses: { [K in S]: { content: { 'application/json': infer B } } };
} ? B : never;
export const sends = {
  register: {} as z.input<typeof registerBody> satisfies Sends<'/api/register', 'post'>,
  login: {} as z.input<typeof loginBody> satisfies Sends<'/api/auth/tokens', 'post'>,
  chat: {} as z.input<typeof sendMessageBody> satisfies Sends<'/api/chat/{partner}/send', 'post'>,
  hide: {} as z.input<typeof blockBody> satisfies Sends<'/api/block', 'post'>,
  report: {} as z.input<typeof reportBody> satisfies Sends<'/api/reports', 'post'>,
  support: {} as z.input<typeof supportRequestBody> satisfies Sends<'/api/customer-service', 'post'>,
  password: {} as z.input<typeof changePasswordBody> satisfies Sends<'/api/settings/change-password', 'post'>,
};
export const answers = {
  login: {} as z.output<typeof loginResponse> satisfies Answers<'/api/auth/tokens', 'post', 200>,
  chat: {} as z.output<typeof chatMessage> satisfies Answers<'/api/chat/{partner}/send', 'post', 200>,
  profile: {} as z.output<typeof ownProfile> satisfies Answers<'/api/profile/me', 'get', 200>,
};
export type ErrorBody = paths['/api/block/{id}']['delete']['responses'][401]['content']['application/json'];
`,
    );
    const program = ts.createProgram([path.join(dir, 'check.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  });
});
