import { WorkspaceError } from '../errors.js';

const MAX_NAME_LENGTH = 200;

/** A workbook or worksheet name as typed, trimmed; refuses empty, overlong and control characters. */
export function checkName(value: string, field: string): string {
  const name = value.trim();
  if (name.length === 0 || name.length > MAX_NAME_LENGTH || /\p{Cc}/u.test(name)) {
    throw new WorkspaceError(
      'invalid_argument',
      `${field} must be 1–${MAX_NAME_LENGTH} characters without control characters`,
    );
  }
  return name;
}
