import { type ErrorBody, type ErrorCode, errorCatalogue } from '@trostnetz/contracts/errors';
import { translateValidation } from '@trostnetz/contracts/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  fields?: Record<string, string[]>,
  extra?: { until?: string },
) {
  const entry = errorCatalogue[code];
  const body: ErrorBody = { message: entry[request.locale], code, ...extra };
  if (fields) {
    body.errors = Object.fromEntries(
      Object.entries(fields).map(([f, msgs]) => [f, msgs.map((m) => translateValidation(m, request.locale))]),
    );
  }
  return reply.status(entry.status).send(body);
}

const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
};

// Values the database refuses: bad text (22P05, 22021), out of range (22003), not of the type (22P02).
const refusedValues = new Set(['22P05', '22021', '22003', '22P02']);

/** The SQLSTATE of a database error, also when the query builder wrapped it (its `cause`). */
function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && refusedValues.has(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** One error catalogue for every answer; 5xx details stay in the log. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(request, reply, error.code, error.fieldErrors, error.extra);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const v of error.validation) {
        const where =
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
        // One clear message per field: the first rule it breaks.
        fields[where] ??= [v.message ?? 'invalid'];
      }
      return send(request, reply, 'validation_failed', fields);
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) return send(request, reply, mapped);
    if (error.statusCode === 429) return send(request, reply, 'rate_limited');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const byStatus: Record<number, ErrorCode> = {
        401: 'unauthenticated',
        403: 'forbidden',
        404: 'not_found',
        413: 'payload_too_large',
        415: 'unsupported_media_type',
      };
      return send(request, reply, byStatus[error.statusCode] ?? 'bad_request');
    }
    // The last line of defence: input validation should have refused the value before any query.
    const state = sqlState(error);
    if (state) {
      request.log.warn({ sqlState: state, route: request.routeOptions.url }, 'the database refused a value');
      return send(request, reply, 'validation_failed');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, 'internal');
  });
});
