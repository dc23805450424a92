import {
  AGGREGATIONS,
  countedGroupsColumn,
  TIME_GRAINS,
  type Aggregation,
  type AnalysisPlan,
  type ColumnType,
  type PlanCalculation,
  type PlanFilter,
  type TimeGrain,
} from '@ask-analyst/protocol';
import { changeBetweenLabels } from '../compiler/compile.js';

/** What a plan is checked against: the worksheet's id, name and typed columns. */
export interface PlanTarget {
  id: string;
  name: string;
  columns: ReadonlyArray<{ name: string; type: ColumnType }>;
}

/**
 * Why a plan does not fit its worksheet: the field at fault (a path into the plan such as
 * `measures[0].aggregation`) and a message that names it and says what is allowed there, so a
 * model can correct the plan in one step.
 */
export interface PlanProblem {
  field: string;
  message: string;
}

/** The aggregations a column of each type takes (the compiler's rules). */
export const AGGREGATIONS_FOR: Record<ColumnType, readonly Aggregation[]> = {
  string: ['count', 'count_distinct', 'min', 'max'],
  boolean: ['count', 'count_distinct', 'min', 'max'],
  // Numbers take every aggregation: the sums, averages and spreads apply to nothing else.
  integer: AGGREGATIONS,
  number: AGGREGATIONS,
  date: ['count', 'count_distinct', 'min', 'max', 'median'],
  timestamp: ['count', 'count_distinct', 'min', 'max', 'median'],
};

const GRAINS_FOR: Partial<Record<ColumnType, readonly TimeGrain[]>> = {
  date: [
    'year',
    'quarter',
    'month',
    'week',
    'day',
    'quarter_of_year',
    'month_of_year',
    'day_of_week',
  ],
  // A timestamp takes every grain the protocol defines.
  timestamp: TIME_GRAINS,
};

const OPS_FOR_PART: readonly PlanFilter['op'][] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in'];

/** The range of a date part's values (ISO weekdays: Monday is 1). */
const PART_RANGE: Record<NonNullable<PlanFilter['part']>, [number, number]> = {
  year: [1, 9999],
  quarter: [1, 4],
  month: [1, 12],
  day_of_week: [1, 7],
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?Z)?$/;

/** The labels the compiler gives its calculations' columns. */
function calculationLabels(plan: AnalysisPlan): string[] {
  switch (plan.calculation?.kind) {
    case 'share_of_total':
      return ['Share of total'];
    case 'change_over_time':
      return ['Change', 'Change %'];
    case 'difference':
      return [`Difference from ${String(plan.calculation.b)}`];
    case 'share_where':
      return ['Share'];
    case 'change_between':
      return changeBetweenLabels(plan);
    default:
      return [];
  }
}

/**
 * A change between two periods (decision 161): groups (a dimension, not the time column), one
 * numeric measure, a time column whose periods `from` and `to` are (years of a date, months as
 * their first day, or the column's own values), two different periods.
 */
function checkChangeBetween(
  plan: AnalysisPlan,
  calculation: Extract<PlanCalculation, { kind: 'change_between' }>,
  types: ReadonlyMap<string, ColumnType>,
): PlanProblem | 'unknown' | null {
  const problem = (message: string): PlanProblem => ({ field: 'calculation', message });
  const type = types.get(calculation.column);
  if (!type) return 'unknown';
  if (plan.dimensions.length === 0 || plan.dimensions.some((d) => d.column === calculation.column))
    return problem(
      'calculation: change_between needs a dimension (the groups ranked by their change), none of them its time column.',
    );
  const measure = plan.measures[0]!;
  const numeric =
    measure.arithmetic ||
    measure.column === null ||
    (NUMERIC.includes(types.get(measure.column) as ColumnType) &&
      measure.aggregation !== 'count_distinct');
  if (plan.measures.length !== 1 || !numeric)
    return problem('calculation: change_between needs one measure whose values are numbers.');
  const temporal = type === 'date' || type === 'timestamp';
  if (calculation.grain !== null && !temporal)
    return problem(
      `calculation.grain: a grain needs a date or timestamp column; ${JSON.stringify(calculation.column)} is ${type}, so grain must be null.`,
    );
  const fits = (value: unknown) =>
    calculation.grain === 'year'
      ? typeof value === 'number' && Number.isSafeInteger(value)
      : calculation.grain === 'month'
        ? typeof value === 'string' && validDate(value) && value.endsWith('-01')
        : fitsType(type, value);
  const wanted =
    calculation.grain === 'year'
      ? 'a year (an integer)'
      : calculation.grain === 'month'
        ? "a month's first day as YYYY-MM-01"
        : describeValueType(type);
  for (const end of ['from', 'to'] as const) {
    if (!fits(calculation[end]))
      return { field: `calculation.${end}`, message: `calculation.${end} must be ${wanted}.` };
  }
  if (calculation.from === calculation.to)
    return problem('calculation: change_between needs two different periods (from and to).');
  return null;
}

function validDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Whether `value` is a value of a column of `type`, as values travel (SPEC section 4). */
function fitsType(type: ColumnType, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && validDate(value);
    case 'timestamp':
      return (
        typeof value === 'string' &&
        TIMESTAMP.test(value) &&
        validDate(value.slice(0, 10)) &&
        !Number.isNaN(Date.parse(value))
      );
  }
}

/** What a value of `type` looks like, for messages. */
export function describeValueType(type: ColumnType): string {
  switch (type) {
    case 'string':
      return 'a string';
    case 'integer':
      return 'an integer';
    case 'number':
      return 'a finite number';
    case 'boolean':
      return 'true or false';
    case 'date':
      return 'a date as YYYY-MM-DD';
    case 'timestamp':
      return 'an ISO 8601 UTC timestamp such as 2001-01-31T08:30:00.000Z (or a date YYYY-MM-DD)';
  }
}

/**
 * Checks a plan against the worksheet it names: the worksheet itself, every column (it exists),
 * every aggregation, time grain, filter operator and filter value (each valid for the column's
 * type), arithmetic between two columns (both numeric, aggregated as numbers), sort indexes, calculations and output labels. The schema (`AnalysisPlanSchema`) has
 * already bounded its sizes (at most 20 filters, …). The one checker of every plan that does not
 * come from the built-in reader: a client's (`start_analysis`/`continue_analysis` with `plan`)
 * and a model planner's. Returns the first problem, or null when the plan fits.
 */
export function checkPlan(plan: AnalysisPlan, target: PlanTarget): PlanProblem | null {
  const types = new Map(target.columns.map((c) => [c.name, c.type]));
  const columnList = target.columns.map((c) => `${c.name} (${c.type})`).join(', ');
  const problem = (field: string, message: string): PlanProblem => ({ field, message });
  const unknownColumn = (field: string, name: string) =>
    problem(
      field,
      `${field}: ${JSON.stringify(name)} is not a column of worksheet ${target.name}. Its columns are: ${columnList}.`,
    );

  if (plan.worksheetId !== target.id) {
    return problem('worksheetId', `worksheetId must be ${target.id} (worksheet ${target.name}).`);
  }
  if (plan.measures.length === 0) {
    return problem(
      'measures',
      'measures needs at least one measure; { "column": null, "aggregation": "count" } counts rows.',
    );
  }
  for (const [i, measure] of plan.measures.entries()) {
    const at = `measures[${i}]`;
    if (measure.column === null) {
      if (measure.arithmetic) {
        return problem(
          `${at}.column`,
          `${at}.column is null, but arithmetic needs the column it starts from (column minus, plus, times or divided by arithmetic.column).`,
        );
      }
      if (measure.aggregation !== 'count') {
        return problem(
          `${at}.column`,
          `${at}.column is null, which only count takes (it counts rows); ${measure.aggregation} needs a column. Its columns are: ${columnList}.`,
        );
      }
      continue;
    }
    const type = types.get(measure.column);
    if (!type) return unknownColumn(`${at}.column`, measure.column);
    if (measure.arithmetic) {
      const found = checkArithmetic(measure, at, type, types);
      if (found === 'unknown')
        return unknownColumn(`${at}.arithmetic.column`, measure.arithmetic.column);
      if (found) return found;
      continue;
    }
    const allowed = AGGREGATIONS_FOR[type];
    if (!allowed.includes(measure.aggregation)) {
      return problem(
        `${at}.aggregation`,
        `${at}.aggregation: ${measure.aggregation} does not apply to ${type} column ${JSON.stringify(measure.column)}; the aggregations of a ${type} column are: ${allowed.join(', ')}.`,
      );
    }
  }
  for (const [i, dimension] of plan.dimensions.entries()) {
    const at = `dimensions[${i}]`;
    const type = types.get(dimension.column);
    if (!type) return unknownColumn(`${at}.column`, dimension.column);
    if (dimension.grain === null) continue;
    const grains = GRAINS_FOR[type];
    if (!grains) {
      return problem(
        `${at}.grain`,
        `${at}.grain: a time grain needs a date or timestamp column; ${JSON.stringify(dimension.column)} is ${type}, so grain must be null.`,
      );
    }
    if (!grains.includes(dimension.grain)) {
      return problem(
        `${at}.grain`,
        `${at}.grain: ${dimension.grain} does not apply to ${type} column ${JSON.stringify(dimension.column)}; its grains are: ${grains.join(', ')}.`,
      );
    }
  }
  for (const [i, filter] of plan.filters.entries()) {
    const found = checkFilter(filter, `filters[${i}]`, types);
    if (found === 'unknown') return unknownColumn(`filters[${i}].column`, filter.column);
    if (found) return found;
  }
  for (const [i, sort] of plan.sort.entries()) {
    const count = sort.by === 'measure' ? plan.measures.length : plan.dimensions.length;
    if (sort.index >= count) {
      return problem(
        `sort[${i}].index`,
        count === 0
          ? `sort[${i}].index: the plan has no ${sort.by}s to sort by.`
          : `sort[${i}].index must name one of the plan's ${sort.by}s: 0–${count - 1}.`,
      );
    }
  }
  const calculation = plan.calculation;
  if (calculation?.kind === 'top_per_group') {
    if (plan.dimensions.length < 2 || plan.measures.length === 0) {
      return problem(
        'calculation',
        'calculation: top_per_group needs two dimensions (the groups first, then what is ranked within each) and a measure to rank by.',
      );
    }
  } else if (calculation?.kind === 'groups_where') {
    if (plan.dimensions.length === 0 || calculation.measure >= plan.measures.length) {
      return problem(
        'calculation',
        "calculation: groups_where needs a dimension (the groups) and its measure index must name one of the plan's measures.",
      );
    }
  } else if (calculation?.kind === 'share_where') {
    const first = plan.measures[0];
    if (first?.column !== null || first.aggregation !== 'count') {
      return problem(
        'calculation',
        'calculation: share_where needs a count of rows (column null, aggregation count) as the first measure.',
      );
    }
    for (const [i, filter] of calculation.where.entries()) {
      const found = checkFilter(filter, `calculation.where[${i}]`, types);
      if (found === 'unknown')
        return unknownColumn(`calculation.where[${i}].column`, filter.column);
      if (found) return found;
    }
  } else if (calculation?.kind === 'count_groups_where') {
    if (countedGroupsColumn(plan) === null) {
      return problem(
        'calculation',
        'calculation: count_groups_where needs no dimension and one measure, the count_distinct of the column whose values (the groups) are counted.',
      );
    }
    if (calculation.column === null) {
      if (calculation.aggregation !== 'count') {
        return problem(
          'calculation.column',
          `calculation.column is null, which only count takes (the rows of each group counted); ${calculation.aggregation} needs a column. Its columns are: ${columnList}.`,
        );
      }
    } else {
      const type = types.get(calculation.column);
      if (!type) return unknownColumn('calculation.column', calculation.column);
      // Compared with a number: a numeric aggregate, or a count of any column.
      const numeric: readonly Aggregation[] =
        type === 'integer' || type === 'number'
          ? AGGREGATIONS_FOR[type]
          : ['count', 'count_distinct'];
      if (!numeric.includes(calculation.aggregation)) {
        return problem(
          'calculation.aggregation',
          `calculation.aggregation: ${calculation.aggregation} of ${type} column ${JSON.stringify(calculation.column)} is not a number to compare; use one of: ${numeric.join(', ')}.`,
        );
      }
    }
  } else if (calculation?.kind === 'change_between') {
    const found = checkChangeBetween(plan, calculation, types);
    if (found === 'unknown') return unknownColumn('calculation.column', calculation.column);
    if (found) return found;
  } else if (calculation && calculation.kind !== 'share_of_total') {
    const first = plan.dimensions[0];
    const temporal = first ? GRAINS_FOR[types.get(first.column)!] !== undefined : false;
    if (!first || (calculation.kind === 'change_over_time' && !temporal)) {
      return problem(
        'calculation',
        calculation.kind === 'change_over_time'
          ? 'calculation: change_over_time needs a first dimension on a date or timestamp column (with a grain such as month).'
          : 'calculation: difference needs a first dimension whose values a and b are.',
      );
    }
  }
  const labels = new Map<string, string>();
  const named = [
    ...plan.dimensions.map((d, i) => ({ field: `dimensions[${i}].label`, label: d.label })),
    ...plan.measures.map((m, i) => ({ field: `measures[${i}].label`, label: m.label })),
    ...calculationLabels(plan).map((label) => ({ field: 'calculation', label })),
  ];
  for (const { field, label } of named) {
    if (label.startsWith('__')) {
      return problem(field, `${field} must not start with "__" (names the compiler keeps).`);
    }
    // Column names of the answer's table: DuckDB compares identifiers without regard to case.
    const key = label.toLowerCase();
    const earlier = labels.get(key);
    if (earlier) {
      return problem(
        field,
        `${field}: ${JSON.stringify(label)} is already the label of ${earlier}; each column of the answer needs its own label.`,
      );
    }
    labels.set(key, field);
  }
  return null;
}

/** The aggregations of arithmetic between two numeric columns (a value per row, then aggregated). */
const ARITHMETIC_AGGREGATIONS: readonly Aggregation[] = ['sum', 'avg', 'min', 'max', 'median'];
const NUMERIC: readonly ColumnType[] = ['integer', 'number'];

/** A measure of two columns combined row by row: both numeric, aggregated as numbers are. */
function checkArithmetic(
  measure: AnalysisPlan['measures'][number],
  at: string,
  type: ColumnType,
  types: ReadonlyMap<string, ColumnType>,
): PlanProblem | 'unknown' | null {
  const arithmetic = measure.arithmetic!;
  const problem = (field: string, message: string): PlanProblem => ({ field, message });
  const other = types.get(arithmetic.column);
  if (!other) return 'unknown';
  for (const [field, name, t] of [
    [`${at}.column`, measure.column!, type],
    [`${at}.arithmetic.column`, arithmetic.column, other],
  ] as const) {
    if (!NUMERIC.includes(t)) {
      return problem(
        field,
        `${field}: arithmetic needs two numeric columns; ${JSON.stringify(name)} is ${t}.`,
      );
    }
  }
  if (!ARITHMETIC_AGGREGATIONS.includes(measure.aggregation)) {
    return problem(
      `${at}.aggregation`,
      `${at}.aggregation: ${measure.aggregation} does not apply to arithmetic between columns; its aggregations are: ${ARITHMETIC_AGGREGATIONS.join(', ')}.`,
    );
  }
  return null;
}

function checkFilter(
  filter: PlanFilter,
  at: string,
  types: ReadonlyMap<string, ColumnType>,
): PlanProblem | 'unknown' | null {
  const type = types.get(filter.column);
  if (!type) return 'unknown';
  const problem = (field: string, message: string): PlanProblem => ({ field, message });
  const name = JSON.stringify(filter.column);
  let expected = describeValueType(type);
  let fits = (value: unknown) => fitsType(type, value);
  if (filter.part !== null) {
    if (!GRAINS_FOR[type]) {
      return problem(
        `${at}.part`,
        `${at}.part: ${filter.part} applies to date and timestamp columns; ${name} is ${type}, so part must be null.`,
      );
    }
    if (!OPS_FOR_PART.includes(filter.op)) {
      return problem(
        `${at}.op`,
        `${at}.op: with part ${filter.part} the operators are: ${OPS_FOR_PART.join(', ')}.`,
      );
    }
    const [low, high] = PART_RANGE[filter.part];
    expected = `an integer from ${low} to ${high} (the ${filter.part.replaceAll('_', ' ')})`;
    fits = (value) =>
      typeof value === 'number' && Number.isInteger(value) && value >= low && value <= high;
  }
  const field = `${at}.value`;
  switch (filter.op) {
    case 'is_null':
    case 'not_null':
      return filter.value === null
        ? null
        : problem(field, `${field} must be null for ${filter.op}.`);
    case 'contains':
      if (type !== 'string') {
        return problem(
          `${at}.op`,
          `${at}.op: contains applies to string columns only; ${name} is ${type}. Use eq, ne, lt, lte, gt, gte, in, is_null or not_null.`,
        );
      }
      return typeof filter.value === 'string'
        ? null
        : problem(field, `${field} must be a string for contains.`);
    case 'in': {
      const values = Array.isArray(filter.value) ? filter.value : [filter.value];
      const wrong = values.findIndex((value) => !fits(value));
      if (wrong < 0) return null;
      const where = Array.isArray(filter.value) ? `${field}[${wrong}]` : field;
      return problem(where, `${where} must be ${expected} for ${type} column ${name}.`);
    }
    default:
      if (Array.isArray(filter.value)) {
        return problem(field, `${field} must be one value for ${filter.op} (a list needs op in).`);
      }
      return fits(filter.value)
        ? null
        : problem(field, `${field} must be ${expected} for ${type} column ${name}.`);
  }
}
