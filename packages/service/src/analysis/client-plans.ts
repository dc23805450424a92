import { checkPlan } from '@ask-analyst/analyst';
import type { AnalysisPlan } from '@ask-analyst/protocol';
import type { ReadableWorksheet } from '@ask-analyst/workspace';
import { ServiceError } from '../errors.js';

/**
 * `invalid_argument` about a part of the `plan` argument, in the tool funnel's words: the field as
 * a dotted path (`plan.measures.0.column`, as input-schema errors name fields), then the fix.
 */
export function planArgumentError(field: string, message: string): ServiceError {
  const path = `plan.${field.replace(/\[(\d+)\]/g, '.$1')}`;
  const detail = message.startsWith(field)
    ? message.slice(field.length).replace(/^:?\s*/, '')
    : message;
  return new ServiceError('invalid_argument', `Invalid argument "${path}": ${detail}`, {
    field: path,
  });
}

/**
 * The path of the first text of a plan holding U+0000, which no stored text can hold (the question
 * is refused alike); null when there is none.
 */
function nulField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulField(item, `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = nulField(item, path === '' ? key : `${path}.${key}`);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Refuses a plan whose texts cannot be stored (U+0000), before anything is looked up. */
export function checkPlanText(plan: AnalysisPlan): void {
  const field = nulField(plan);
  if (field !== null) throw planArgumentError(field, `${field} must not contain U+0000.`);
}

/**
 * Checks a client's plan against the worksheet it will run on (SPEC section 4), with the checker
 * every plan that is not the built-in reader's goes through: `invalid_argument` naming the field
 * and what is allowed there (the columns, the aggregations of that type, …).
 */
export function checkPlanArgument(plan: AnalysisPlan, worksheet: ReadableWorksheet): void {
  const problem = checkPlan(plan, worksheet);
  if (problem) throw planArgumentError(problem.field, problem.message);
}

/** The plan's worksheet must be the one the arguments name (SPEC section 4). */
export function planOutside(plan: AnalysisPlan, where: string): ServiceError {
  return planArgumentError(
    'worksheetId',
    `worksheetId ${plan.worksheetId} must be ${where}; a plan answers from the worksheet the question is asked of.`,
  );
}
