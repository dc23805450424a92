import { isServiceError } from '@ask-analyst/service';
import { isDataError, isWorkspaceError } from '@ask-analyst/workspace';
import { ToolError } from '../errors.js';
import { withNextStep } from './next-steps.js';

/**
 * Tool arguments the workspace checks itself. Other `invalid_argument` fields (a stored data
 * path, say) are not the caller's doing and become `internal`.
 */
const ARGUMENT_FIELD = /^(columns|filters|sort|limit|cursor)(\[\d+\])?(\.[a-z]+)?$/;

/**
 * The tool error for a data-layer or product-core failure (SPEC section 4): arguments refused by
 * the workspace become `invalid_argument` naming the field, `timeout` and `unavailable` stay
 * retryable with the engine's message (written for callers), anything else is `internal`.
 * A service error keeps its code and message. Errors of other kinds are returned unchanged.
 */
export function toToolError(error: unknown): unknown {
  if (error instanceof ToolError) return error;
  if (isServiceError(error)) {
    // The service writes its messages for the user, whatever the code; the tool to call next is ours.
    return new ToolError(error.code, withNextStep(error), {
      retryable: error.retryable,
      ...(error.retryAfterSeconds === undefined
        ? {}
        : { retryAfterSeconds: error.retryAfterSeconds }),
      ...(error.field === undefined ? {} : { field: error.field }),
      cause: error,
      expose: true,
    });
  }
  if (isDataError(error)) {
    switch (error.code) {
      case 'invalid_argument':
        return error.field && ARGUMENT_FIELD.test(error.field)
          ? invalidArgument(error.field, error.message, error)
          : new ToolError('internal', undefined, { cause: error });
      case 'timeout':
        return new ToolError(
          'timeout',
          `${sentence(error.message)} Narrow the request (filters, fewer columns, a smaller limit) or retry later.`,
          { cause: error, expose: true },
        );
      case 'unavailable':
        return new ToolError('unavailable', `${sentence(error.message)} Retry shortly.`, {
          cause: error,
          expose: true,
        });
      default:
        return new ToolError('internal', undefined, { cause: error });
    }
  }
  if (isWorkspaceError(error)) {
    // Product-core messages start with the argument they are about ("cursor is not valid…").
    const subject = /^\S+/.exec(error.message)?.[0] ?? '';
    if (error.code === 'invalid_argument' && ARGUMENT_FIELD.test(subject)) {
      return invalidArgument(subject, error.message, error);
    }
    return new ToolError(error.code, sentence(error.message), { cause: error });
  }
  return error;
}

/** Runs `work`, rethrowing its failures as tool errors (see `toToolError`). */
export async function asToolErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toToolError(error);
  }
}

/** `invalid_argument` in the funnel's words: the field dotted (`filters.0.value`), then the fix. */
function invalidArgument(field: string, message: string, cause: unknown): ToolError {
  const dotted = field.replace(/\[(\d+)\]/g, '.$1');
  const detail = message.startsWith(field) ? message.slice(field.length).trim() : message;
  return new ToolError('invalid_argument', `Invalid argument "${dotted}": ${detail}`, {
    field: dotted,
    cause,
  });
}

function sentence(text: string): string {
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}
