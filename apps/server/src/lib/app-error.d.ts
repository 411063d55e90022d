import { type ErrorCode } from '@trostnetz/contracts/errors';
/** The only error type services throw; the error plugin turns it into `{message, code, errors?}`. */
export declare class AppError extends Error {
    readonly code: ErrorCode;
    readonly fieldErrors?: Record<string, string[]> | undefined;
    readonly headers?: Record<string, string> | undefined;
    readonly status: number;
    constructor(code: ErrorCode, fieldErrors?: Record<string, string[]> | undefined, headers?: Record<string, string> | undefined);
}
/** A 422 whose field messages are validation keys (translated per request by the error plugin). */
export declare const validationError: (fields: Record<string, string[]>) => AppError;
