import type { PlanFilter } from '@ask-analyst/protocol';
import { MONTHS, WEEKDAYS } from '../../text/lexicon.js';

const OP_WORDS: Record<PlanFilter['op'], string> = {
  eq: 'is',
  ne: 'is not',
  lt: 'is below',
  lte: 'is at most',
  gt: 'is above',
  gte: 'is at least',
  in: 'is one of',
  contains: 'contains',
  is_null: 'has no value',
  not_null: 'is not empty',
};

/** Text of a filter for the restatement. */
export function describeFilter(filter: PlanFilter): string {
  const subject = filter.part
    ? `${filter.part.replaceAll('_', ' ')} of ${filter.column}`
    : filter.column;
  const shown = (value: unknown) => {
    if (typeof value !== 'number') return String(value);
    if (filter.part === 'month') return capital(MONTHS[value - 1] ?? String(value));
    if (filter.part === 'day_of_week') return capital(WEEKDAYS[value - 1] ?? String(value));
    if (filter.part === 'quarter') return `Q${value}`;
    return String(value);
  };
  const value = Array.isArray(filter.value)
    ? filter.value.map(shown).join(', ')
    : filter.value === null
      ? ''
      : shown(filter.value);
  return `${subject} ${OP_WORDS[filter.op]}${value ? ` ${value}` : ''}`;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A plan filter on a column (or on a part of a date column: its year, month, weekday). */
export function filterOf(
  column: string,
  op: PlanFilter['op'],
  value: PlanFilter['value'],
  part: PlanFilter['part'] = null,
): PlanFilter {
  return { column, op, value, part };
}
