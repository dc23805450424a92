/** Stable codes of product-core errors; they match the tool error codes of SPEC section 4. */
export type WorkspaceErrorCode =
  | 'invalid_argument'
  | 'not_found'
  | 'permission_denied'
  | 'conflict'
  /** The database cannot be reached right now (retryable; see `db/database.ts`). */
  | 'unavailable';

/**
 * An error the product core raises on purpose: a caller maps `code` to its own surface (a tool
 * error, an HTTP status, a CLI exit). The message is safe to show to the person who caused it.
 */
export class WorkspaceError extends Error {
  override readonly name = 'WorkspaceError';
  readonly code: WorkspaceErrorCode;

  constructor(code: WorkspaceErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Whether `error` is a product-core error, optionally with the given code. */
export function isWorkspaceError(
  error: unknown,
  code?: WorkspaceErrorCode,
): error is WorkspaceError {
  return error instanceof WorkspaceError && (code === undefined || error.code === code);
}
