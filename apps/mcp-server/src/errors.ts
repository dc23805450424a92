import type {
  HttpErrorBody,
  HttpErrorCode,
  HttpErrorType,
  ToolErrorCode,
} from '@ask-analyst/protocol';

/**
 * Base of every error this app raises on purpose: a stable string `code`, the HTTP status it
 * stands for, and `expose` (only below 500: a 5xx message is never shown as written).
 */
export abstract class AppError<Code extends string> extends Error {
  abstract readonly code: Code;
  readonly status: number;
  readonly expose: boolean;

  protected constructor(
    message: string,
    status: number,
    options?: { cause?: unknown; expose?: boolean },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.expose = options?.expose ?? status < 500;
  }
}

const HTTP_ERRORS: Record<HttpErrorCode, { status: number; type: HttpErrorType; message: string }> =
  {
    mcp_invalid_oauth_token: {
      status: 401,
      type: 'authentication_error',
      message: 'The OAuth token has been invalidated. Disconnect, reconnect and re-authenticate.',
    },
    mcp_expired_oauth_token: {
      status: 401,
      type: 'authentication_error',
      message: 'The OAuth access token has expired. Refresh it (or re-authenticate) and retry.',
    },
    mcp_insufficient_scope: {
      status: 403,
      type: 'permission_error',
      message: 'The OAuth token lacks the scope this operation needs. Re-authenticate to grant it.',
    },
    mcp_org_not_enrolled: {
      status: 403,
      type: 'permission_error',
      message: 'Your organization is not enrolled in the Ask Analyst MCP private beta.',
    },
    mcp_invalid_request: {
      status: 400,
      type: 'invalid_request_error',
      message: 'The request is invalid.',
    },
    mcp_origin_not_allowed: {
      status: 403,
      type: 'permission_error',
      message: 'Requests from this Origin are not allowed.',
    },
    mcp_method_not_allowed: {
      status: 405,
      type: 'invalid_request_error',
      message: 'This endpoint answers POST only (stateless Streamable HTTP).',
    },
    mcp_payload_too_large: {
      status: 413,
      type: 'invalid_request_error',
      message: 'The request body is too large.',
    },
    mcp_rate_limited: {
      status: 429,
      type: 'rate_limit_error',
      message: 'Too many requests. Retry after the number of seconds in Retry-After.',
    },
    mcp_unavailable: {
      status: 503,
      type: 'api_error',
      message: 'The service is temporarily unavailable. Retry shortly.',
    },
    mcp_not_found: {
      status: 404,
      type: 'invalid_request_error',
      message: 'There is nothing at this address.',
    },
    mcp_internal_error: { status: 500, type: 'api_error', message: 'Internal error.' },
  };

/** A non-2xx HTTP answer with the seed's error body (SPEC section 2). */
export class HttpError extends AppError<HttpErrorCode> {
  readonly code: HttpErrorCode;
  readonly type: HttpErrorType;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: HttpErrorCode,
    message?: string,
    options?: { status?: number; headers?: Record<string, string>; cause?: unknown },
  ) {
    const known = HTTP_ERRORS[code];
    super(message ?? known.message, options?.status ?? known.status, options);
    this.code = code;
    this.type = known.type;
    this.headers = options?.headers ?? {};
  }

  /** The body, with the message only when exposable. */
  body(requestId: string): HttpErrorBody {
    return httpErrorBody(this.code, this.expose ? this.message : undefined, requestId, this.type);
  }
}

/** The seed's error body for `code` (its default message unless one is given). */
export function httpErrorBody(
  code: HttpErrorCode,
  message: string | undefined,
  requestId: string,
  type: HttpErrorType = HTTP_ERRORS[code].type,
): HttpErrorBody {
  return {
    type: 'error',
    error: { type, message: message ?? HTTP_ERRORS[code].message, details: { error_code: code } },
    request_id: requestId,
  };
}

const TOOL_ERRORS: Record<ToolErrorCode, { status: number; retryable: boolean; message: string }> =
  {
    invalid_argument: { status: 400, retryable: false, message: 'An argument is invalid.' },
    not_found: { status: 404, retryable: false, message: 'Not found.' },
    permission_denied: { status: 403, retryable: false, message: 'Permission denied.' },
    rate_limited: { status: 429, retryable: true, message: 'Too many calls. Retry later.' },
    conflict: {
      status: 409,
      retryable: false,
      message: 'The request conflicts with the current state.',
    },
    unavailable: {
      status: 503,
      retryable: true,
      message: 'The service is temporarily unavailable. Retry shortly.',
    },
    timeout: { status: 504, retryable: true, message: 'The operation took too long.' },
    internal: { status: 500, retryable: false, message: 'Internal error. The failure was logged.' },
  };

/**
 * An error a tool handler throws; the tool funnel turns it into an `isError` result whose
 * `structuredContent` is `{ error: { code, message, retryable, requestId } }` (SPEC section 4).
 */
export class ToolError extends AppError<ToolErrorCode> {
  readonly code: ToolErrorCode;
  readonly retryable: boolean;
  readonly retryAfterSeconds: number | undefined;
  readonly field: string | undefined;

  constructor(
    code: ToolErrorCode,
    message?: string,
    options?: {
      retryable?: boolean;
      retryAfterSeconds?: number;
      field?: string;
      cause?: unknown;
      /** Show a 5xx message as written (it was written for users, not taken from an exception). */
      expose?: boolean;
    },
  ) {
    const known = TOOL_ERRORS[code];
    super(message ?? known.message, known.status, options);
    this.code = code;
    this.retryable = options?.retryable ?? known.retryable;
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.field = options?.field;
  }

  /** What a model may read: the message when exposable, else the code's default. */
  get publicMessage(): string {
    return this.expose ? this.message : TOOL_ERRORS[this.code].message;
  }
}
