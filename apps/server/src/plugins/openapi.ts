import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type ErrorCode, errorCatalogue } from '@trostnetz/contracts/errors';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { authRequirementOf } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Errors a route gives beyond what its shape tells (auth, params, body, query, rate limit), e.g. a
     * 409 from its service: named by their catalogue codes, documented by the OpenAPI document.
     */
    errors?: ErrorCode[];
  }
}

/** What the document says of each error status, and the shared response it points to. */
const errorResponses: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'The request is malformed (e.g. JSON that does not parse)' },
  401: {
    name: 'Unauthenticated',
    description: 'No valid access token of a live session, or wrong credentials',
  },
  403: {
    name: 'Forbidden',
    description:
      'Not allowed: e-mail not verified, questionnaire not answered, missing permission, or a rule refuses',
  },
  404: { name: 'NotFound', description: 'Nothing of this id, or nothing the caller may see' },
  409: { name: 'Conflict', description: 'Does not fit the current state (e.g. of a friendship)' },
  410: { name: 'Gone', description: 'The link has expired or the account is deleted for good' },
  413: { name: 'PayloadTooLarge', description: 'The request body is too large' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not of a supported type (JSON)' },
  422: { name: 'ValidationFailed', description: 'The input breaks a rule; `errors` names each field' },
  429: { name: 'RateLimited', description: 'Too many requests; `Retry-After` says when to try again' },
};

/** Descriptions of path parameters by name; a route refines with `.describe()` on its params schema. */
const paramDescriptions: Record<string, string> = {
  id: "The member's id (or the entry's id where the operation says so)",
  partner: "The partner's member id",
  user_id: "The member's id from the e-mail link",
  hash: 'The signature from the e-mail link',
  chat: "The conversation's id",
  slug: "The text's name (imprint, privacy, …)",
  step: 'The questionnaire step',
  name: "The avatar's file name",
  size: 'The avatar size',
};

interface RouteShape {
  auth: 'session' | 'member' | null;
  params: boolean;
  query: boolean;
  body: boolean;
  rateLimited: boolean;
  errors: ErrorCode[];
}

const statusOf = (code: ErrorCode) => errorCatalogue[code].status;

/** Every error status a route can give, from its shape and its declared errors. */
function errorStatuses(shape: RouteShape): number[] {
  const statuses = new Set<number>(shape.errors.map(statusOf));
  if (shape.auth) statuses.add(401);
  if (shape.auth === 'member') statuses.add(403);
  if (shape.params) statuses.add(404).add(422);
  if (shape.query) statuses.add(422);
  if (shape.body) statuses.add(400).add(413).add(415).add(422);
  if (shape.rateLimited) statuses.add(429);
  return [...statuses].filter((s) => errorResponses[s]).sort();
}

const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split(/[/_\-.{}]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

function summary(method: string, path: string): string {
  const verbs: Record<string, string> = {
    get: 'Read',
    post: 'Do',
    put: 'Replace',
    patch: 'Change',
    delete: 'Remove',
  };
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .map((s) => (s.startsWith('{') ? `by ${s.slice(1, -1)}` : s.replaceAll(/[-_]/g, ' ')));
  return `${verbs[method] ?? method} ${words.join(' ')}`.trim();
}

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; description?: string }>;
  responses: Record<string, { description?: string; content?: unknown; $ref?: string }>;
};

/**
 * OpenAPI 3.0.3: `nullable: true` does not widen an `enum`, so a nullable enum lists null itself
 * (zod's `.nullable()` on an enum comes out without it, and validators then refuse the null it sends).
 */
function allowNullInNullableEnums(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const schema = node as { nullable?: boolean; enum?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum.push(null);
  for (const value of Object.values(node)) allowNullInNullableEnums(value);
}

/**
 * The OpenAPI document from the same zod schemas that validate the routes, made truthful in one place
 * (issue 19): security where a route needs a session (or the bearer its schema names), every error
 * status its shape can give (and the errors it declares in `config.errors`) with one shared error body,
 * 204 without content, an operationId and a summary per operation, and described path parameters.
 * Browsable at /api/docs.
 */
export const openapiPlugin = fp(async (app: FastifyInstance, opts: { appName: string }) => {
  const shapes = new Map<string, RouteShape>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const shape: RouteShape = {
      auth: authRequirementOf(route.preHandler),
      params: Boolean(schema.params) || route.url.includes(':'),
      query: Boolean(schema.querystring),
      body: Boolean(schema.body),
      rateLimited: Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit),
      errors: route.config?.errors ?? [],
    };
    for (const method of [route.method].flat())
      shapes.set(`${method.toLowerCase()} ${openapiPath(route.url)}`, shape);
  });

  const codes = Object.keys(errorCatalogue) as ErrorCode[];
  await app.register(swagger, {
    openapi: {
      info: { title: `${opts.appName} API`, version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Only the token renewal takes it (a route names it in `schema.security`): an opaque token, not a JWT.
          refreshToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The refresh token (rt_…) from sign-in or the last renewal, not the access token',
          },
        },
        schemas: {
          Error: {
            type: 'object',
            description:
              'Every error answer (packages/contracts/src/errors.ts): a translated message and a stable code',
            required: ['message', 'code'],
            additionalProperties: false,
            properties: {
              message: { type: 'string' },
              code: { type: 'string', enum: codes },
              errors: {
                type: 'object',
                description: 'Per field (422): the translated messages',
                additionalProperties: { type: 'array', items: { type: 'string' } },
              },
              until: { type: 'string', description: 'account_suspended: when the suspension ends' },
            },
          },
        },
        responses: Object.fromEntries(
          Object.values(errorResponses).map(({ name, description }) => [
            name,
            {
              description,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
          ]),
        ),
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      const paths = (openapiObject.paths ?? {}) as unknown as Record<string, Record<string, Operation>>;
      for (const [path, operations] of Object.entries(paths)) {
        for (const [method, op] of Object.entries(operations)) {
          const shape = shapes.get(`${method} ${path}`);
          op.operationId ??= operationId(method, path);
          op.summary ??= summary(method, path);
          if (shape?.auth) op.security = [{ bearer: [] }];
          for (const p of op.parameters ?? []) {
            if (p.in === 'path')
              p.description ??= paramDescriptions[p.name] ?? `The ${p.name} this operation is about`;
          }
          for (const [status, response] of Object.entries(op.responses)) {
            if (status === '204')
              op.responses[status] = { description: response.description ?? 'No content' };
          }
          for (const status of shape ? errorStatuses(shape) : []) {
            op.responses[String(status)] ??= {
              $ref: `#/components/responses/${errorResponses[status]!.name}`,
            };
          }
        }
      }
      allowNullInNullableEnums(openapiObject);
      return openapiObject;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
