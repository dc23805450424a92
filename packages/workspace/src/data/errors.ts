/** Stable codes of worksheet data errors; each maps to the tool error code of that name (SPEC 4). */
export type DataErrorCode =
  | 'invalid_argument'
  | 'invalid_file'
  | 'file_too_large'
  | 'unsupported_format'
  | 'timeout'
  | 'cancelled'
  | 'unavailable'
  /** The disk of the data folder is full (ENOSPC): an operator must free space. */
  | 'storage_full';

/**
 * An error the data layer raises on purpose. The message is safe to show to the caller; `field`
 * names the offending argument of an `invalid_argument` error (for example `filters[0].value`).
 */
export class DataError extends Error {
  override readonly name = 'DataError';
  readonly code: DataErrorCode;
  readonly field?: string;

  constructor(code: DataErrorCode, message: string, options?: { field?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options?.field !== undefined) this.field = options.field;
  }
}

/** Whether `error` is a data-layer error, optionally with the given code. */
export function isDataError(error: unknown, code?: DataErrorCode): error is DataError {
  return error instanceof DataError && (code === undefined || error.code === code);
}

/** Shorthand for an `invalid_argument` error naming `field`. */
export function invalidArgument(field: string, message: string): DataError {
  return new DataError('invalid_argument', message, { field });
}
