import { type ErrorCode, errorCatalogue } from '@trostnetz/contracts/errors';

/** The only error type services throw; the error plugin turns it into `{message, code, errors?}`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** Extra fields of the body (account_suspended carries `until`). */
    readonly extra?: { until?: string },
  ) {
    super(code);
    this.status = errorCatalogue[code].status;
  }
}

/** A 422 whose field messages are validation keys (translated per request by the error plugin). */
export const validationError = (fields: Record<string, string[]>) =>
  new AppError('validation_failed', fields);
