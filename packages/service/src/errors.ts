import type { ToolErrorCode } from '@ask-analyst/protocol';

/** The codes a service operation fails with: the product's error codes (SPEC section 4). */
export type ServiceErrorCode = ToolErrorCode;

const RETRYABLE: ReadonlySet<ServiceErrorCode> = new Set([
  'rate_limited',
  'unavailable',
  'timeout',
]);

/**
 * A failure a signed-in user should read: a stable `code` and a message written for them. Each
 * front end shows it in its own shape (the MCP tool funnel as an `isError` result).
 */
export class ServiceError extends Error {
  readonly code: ServiceErrorCode;
  readonly retryable: boolean;
  /** How long to wait before retrying, when the service knows. */
  readonly retryAfterSeconds: number | undefined;
  /** For `invalid_argument`: the argument at fault, as a dotted path (`plan.measures[0].column`). */
  readonly field: string | undefined;

  constructor(
    code: ServiceErrorCode,
    message: string,
    options?: { retryable?: boolean; retryAfterSeconds?: number; field?: string; cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ServiceError';
    this.code = code;
    this.retryable = options?.retryable ?? RETRYABLE.has(code);
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.field = options?.field;
  }
}

/** Whether `error` is a `ServiceError` (of `code`, when given). */
export function isServiceError(error: unknown, code?: ServiceErrorCode): error is ServiceError {
  return error instanceof ServiceError && (code === undefined || error.code === code);
}
