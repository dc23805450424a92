import { isServiceError } from '@ask-analyst/service';
import { isDataError, isWorkspaceError } from '@ask-analyst/workspace';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { sendApiError } from '../http/api-error.js';

/** HTTP statuses of the product error codes (SPEC section 4). */
const STATUS: Record<string, number> = {
  invalid_argument: 400,
  not_found: 404,
  permission_denied: 403,
  rate_limited: 429,
  conflict: 409,
  unavailable: 503,
  timeout: 504,
  internal: 500,
};

/** A request the API refuses before it reaches the product core. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The one mapping of failures to `/api` answers: product errors keep their code and message. */
export function sendFailure(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (error instanceof ApiError) {
    return sendApiError(reply, STATUS[error.code] ?? 400, error.code, error.message, {
      ...(error.field ? { field: error.field } : {}),
    });
  }
  if (isServiceError(error)) {
    return sendApiError(reply, STATUS[error.code] ?? 500, error.code, error.message, {
      ...(error.retryAfterSeconds === undefined
        ? {}
        : { retryAfterSeconds: error.retryAfterSeconds }),
    });
  }
  if (isDataError(error) || isWorkspaceError(error)) {
    const status = STATUS[error.code] ?? 500;
    if (status < 500 || error.code === 'timeout' || error.code === 'unavailable') {
      return sendApiError(reply, status, error.code, error.message);
    }
  }
  request.log.error({ err: error }, 'api request failed');
  return sendApiError(reply, 500, 'internal', 'Something went wrong on our side. Try again.');
}

/** Parses `value` with a protocol schema; failures are `invalid_argument` naming the field. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  throw new ApiError(
    'invalid_argument',
    `Invalid ${field ? `"${field}"` : 'request'}: ${issue?.message ?? 'not valid'}`,
    field || undefined,
  );
}

/** The same "not found" whether the object does not exist or is not the user's to read. */
export function notFound(): ApiError {
  return new ApiError('not_found', 'Not found.');
}
