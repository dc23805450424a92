import { z } from 'zod';
import { isDataError } from '../data/errors.js';
import { isWorkspaceError } from '../errors.js';

/** An ops failure as the admin interface reports it and the CLI shows it. */
export interface OpsFailure {
  status: number;
  code: string;
  message: string;
}

const STATUS: Record<string, number> = {
  invalid_argument: 400,
  invalid_file: 400,
  unsupported_format: 400,
  not_found: 404,
  permission_denied: 403,
  conflict: 409,
  file_too_large: 413,
  storage_full: 507,
  unavailable: 503,
  timeout: 504,
};

/** Maps an error to what the operator sees; unexpected errors stay generic (their detail goes to the log). */
export function toOpsFailure(error: unknown): OpsFailure {
  if (isWorkspaceError(error) || isDataError(error)) {
    return { status: STATUS[error.code] ?? 400, code: error.code, message: error.message };
  }
  if (error instanceof z.ZodError) {
    const message = error.issues
      .map((i) => `${i.path.join('.') || 'command'}: ${i.message}`)
      .join('; ');
    return { status: 400, code: 'invalid_argument', message };
  }
  return {
    status: 500,
    code: 'internal',
    message: 'internal error: see the log of the running stack',
  };
}
