import type { ToolErrorCode } from '@ask-analyst/protocol';

/** The codes a service operation fails with: the product's error codes (SPEC section 4). */
export type ServiceErrorCode = ToolErrorCode;

const RETRYABLE: ReadonlySet<ServiceErrorCode> = new Set([
  'rate_limited',
  'unavailable',
  'timeout',
]);

/**
 * What a failure is about, for a front end that adds its own next step to the message (the MCP
 * server names the tool to call; the web app links a page). The message itself names neither.
 */
export type ServiceErrorReason =
  | { kind: 'conversation_not_readable'; conversationId: string }
  | { kind: 'object_not_readable'; noun: 'workbook' | 'worksheet'; id: string }
  | { kind: 'nothing_to_analyse' }
  | { kind: 'too_many_unfinished'; unfinished: number; limit: number };

/**
 * A failure a signed-in user should read: a stable `code` and a message written for them. Each
 * front end shows it in its own shape (the MCP tool funnel as an `isError` result).
 */
export class ServiceError extends Error {
  readonly code: ServiceErrorCode;
  readonly retryable: boolean;
  /** How long to wait before retrying, when the service knows. */
  readonly retryAfterSeconds: number | undefined;
  /** What the failure is about, when a front end may word a next step for it. */
  readonly reason: ServiceErrorReason | undefined;
  /** For `invalid_argument`: the argument at fault, as a dotted path (`plan.measures[0].column`). */
  readonly field: string | undefined;

  /** `message` is shown as it is by every front end: no tool, page or API names in it. */
  constructor(
    code: ServiceErrorCode,
    message: string,
    options?: {
      retryable?: boolean;
      retryAfterSeconds?: number;
      reason?: ServiceErrorReason;
      field?: string;
      cause?: unknown;
    },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ServiceError';
    this.code = code;
    this.retryable = options?.retryable ?? RETRYABLE.has(code);
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.reason = options?.reason;
    this.field = options?.field;
  }
}

/** Whether `error` is a `ServiceError` (of `code`, when given). */
export function isServiceError(error: unknown, code?: ServiceErrorCode): error is ServiceError {
  return error instanceof ServiceError && (code === undefined || error.code === code);
}
