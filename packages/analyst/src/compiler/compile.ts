import {
  countedGroupsColumn,
  type AnalysisPlan,
  type ColumnType,
  type PlanDimension,
  type PlanFilter,
  type PlanMeasure,
} from '@ask-analyst/protocol';
import { quoteIdentifier } from '@ask-analyst/workspace';

/** The name the worksheet is read under in compiled SQL. */
export const WORKSHEET_VIEW = 'ws';

/** A compiled plan: one SELECT over the worksheet view, values only as `$n` parameters. */
export interface CompiledQuery {
  sql: string;
  params: Array<string | number | boolean | null>;
}

/** A plan that does not fit the worksheet: names a column it lacks, an aggregation its type cannot take. */
export class PlanError extends Error {
  override readonly name = 'PlanError';
}

type Columns = ReadonlyMap<string, ColumnType>;

const NUMERIC = new Set<ColumnType>(['integer', 'number']);
const TEMPORAL = new Set<ColumnType>(['date', 'timestamp']);

class Params {
  readonly values: CompiledQuery['params'] = [];
  add(value: string | number | boolean | null): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function columnOf(
  columns: Columns,
  name: string,
  where: string,
): { sql: string; type: ColumnType } {
  const type = columns.get(name);
  if (!type)
    throw new PlanError(
      `${where} names ${JSON.stringify(name)}, which is not a column of the worksheet`,
    );
  return { sql: quoteIdentifier(name), type };
}

function measureSql(columns: Columns, measure: PlanMeasure, index: number): string {
  if (measure.column === null) {
    if (measure.aggregation !== 'count')
      throw new PlanError(`measures[${index}] needs a column for ${measure.aggregation}`);
    return 'count(*)';
  }
  if (measure.arithmetic) return arithmeticSql(columns, measure, measure.column, index);
  const { sql, type } = columnOf(columns, measure.column, `measures[${index}]`);
  switch (measure.aggregation) {
    case 'count':
      return `count(${sql})`;
    case 'count_distinct':
      return `count(DISTINCT ${sql})`;
    case 'min':
    case 'max':
      return `${measure.aggregation}(${sql})`;
    case 'median':
      if (!NUMERIC.has(type) && !TEMPORAL.has(type)) break;
      return `median(${sql})`;
    case 'sum':
    case 'avg':
      if (!NUMERIC.has(type)) break;
      return `${measure.aggregation}(${sql})`;
    // The sample's spread, as DuckDB's stddev and variance are (n - 1); a range in doubles, so
    // the difference of two large integers cannot overflow.
    case 'stddev':
      if (!NUMERIC.has(type)) break;
      return `stddev_samp(${sql})`;
    case 'variance':
      if (!NUMERIC.has(type)) break;
      return `var_samp(${sql})`;
    case 'range':
      if (!NUMERIC.has(type)) break;
      return `(max(${sql}) - CAST(min(${sql}) AS DOUBLE))`;
  }
  throw new PlanError(
    `measures[${index}]: ${measure.aggregation} does not apply to ${type} column ${measure.column}`,
  );
}

/**
 * Arithmetic between two numeric columns, row by row, then aggregated (decision 150): a division by
 * zero is empty (`nullif`), never an error, and a product is taken in doubles so it cannot overflow.
 */
function arithmeticSql(
  columns: Columns,
  measure: PlanMeasure,
  column: string,
  index: number,
): string {
  const arithmetic = measure.arithmetic!;
  const left = numericColumn(columns, column, `measures[${index}].column`);
  const right = numericColumn(columns, arithmetic.column, `measures[${index}].arithmetic.column`);
  const value = {
    minus: `(${left} - ${right})`,
    plus: `(${left} + ${right})`,
    times: `(CAST(${left} AS DOUBLE) * ${right})`,
    divided_by: `(${left} / nullif(${right}, 0))`,
  }[arithmetic.op];
  switch (measure.aggregation) {
    case 'sum':
    case 'avg':
    case 'min':
    case 'max':
    case 'median':
      return `${measure.aggregation}(${value})`;
    default:
      throw new PlanError(
        `measures[${index}]: ${measure.aggregation} does not apply to arithmetic between columns`,
      );
  }
}

/** The grouping key and the shown value of a dimension (they differ for month names, weekdays). */
function dimensionSql(
  columns: Columns,
  dimension: PlanDimension,
  index: number,
): { key: string; shown: string } {
  const { sql, type } = columnOf(columns, dimension.column, `dimensions[${index}]`);
  if (dimension.grain === null) return { key: sql, shown: sql };
  if (!TEMPORAL.has(type))
    throw new PlanError(`dimensions[${index}]: a time grain needs a date or timestamp column`);
  const trunc = (unit: string) => {
    const expression = `date_trunc('${unit}', ${sql})`;
    return type === 'date' || unit !== 'hour' ? `CAST(${expression} AS DATE)` : expression;
  };
  switch (dimension.grain) {
    case 'year':
      return { key: `year(${sql})`, shown: `year(${sql})` };
    case 'quarter':
    case 'month':
    case 'week':
    case 'day':
      return { key: trunc(dimension.grain), shown: trunc(dimension.grain) };
    case 'hour':
      if (type === 'date') throw new PlanError(`dimensions[${index}]: dates have no hours`);
      return { key: trunc('hour'), shown: trunc('hour') };
    case 'quarter_of_year':
      return { key: `quarter(${sql})`, shown: `'Q' || CAST(quarter(${sql}) AS VARCHAR)` };
    case 'month_of_year':
      return { key: `month(${sql})`, shown: `monthname(${sql})` };
    case 'day_of_week':
      return { key: `isodow(${sql})`, shown: `dayname(${sql})` };
    case 'hour_of_day':
      if (type === 'date') throw new PlanError(`dimensions[${index}]: dates have no hours`);
      return { key: `hour(${sql})`, shown: `hour(${sql})` };
  }
}

const PART_SQL: Record<NonNullable<PlanFilter['part']>, string> = {
  year: 'year',
  quarter: 'quarter',
  month: 'month',
  day_of_week: 'isodow',
};
const COMPARE: Partial<Record<PlanFilter['op'], string>> = {
  eq: '=',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
};

/** A bound parameter read as a value of a column of `type`: dates and timestamps are cast. */
function typedAs(type: ColumnType, placeholder: string): string {
  if (type === 'date') return `CAST(${placeholder} AS DATE)`;
  if (type === 'timestamp') return `CAST(${placeholder} AS TIMESTAMP)`;
  return placeholder;
}

function filterSql(columns: Columns, filter: PlanFilter, index: number, params: Params): string {
  const column = columnOf(columns, filter.column, `filters[${index}]`);
  let subject = column.sql;
  if (filter.part) {
    if (!TEMPORAL.has(column.type))
      throw new PlanError(`filters[${index}]: ${filter.part} of a column that is not a date`);
    subject = `${PART_SQL[filter.part]}(${column.sql})`;
  }
  const scalar = (value: unknown): string | number | boolean => {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      return value;
    throw new PlanError(`filters[${index}].value must be a string, number or boolean`);
  };
  const typed = (placeholder: string) =>
    filter.part ? placeholder : typedAs(column.type, placeholder);
  switch (filter.op) {
    case 'is_null':
      return `${subject} IS NULL`;
    case 'not_null':
      return `${subject} IS NOT NULL`;
    case 'contains':
      if (column.type !== 'string')
        throw new PlanError(`filters[${index}]: contains needs a text column`);
      return `contains(lower(${subject}), lower(${params.add(String(scalar(filter.value)))}))`;
    case 'in': {
      const list = Array.isArray(filter.value) ? filter.value : [filter.value];
      return `${subject} IN (${list.map((v) => typed(params.add(scalar(v)))).join(', ')})`;
    }
    case 'ne':
      // As read_worksheet: `ne` keeps empty cells.
      return `(${subject} <> ${typed(params.add(scalar(filter.value)))} OR ${subject} IS NULL)`;
    default:
      return `${subject} ${COMPARE[filter.op]!} ${typed(params.add(scalar(filter.value)))}`;
  }
}

/**
 * Compiles a plan into one DuckDB SELECT over the worksheet view: identifiers only from the
 * worksheet's columns (quoted), every value a `$n` parameter. Three layers: the groups (filters,
 * grouping keys, aggregates under internal names), the calculations as window functions over all
 * groups, then the shown columns under their labels, ordered as the plan says with the grouping keys
 * as tie-breakers (stable answers), limited: a ranking keeps every group tied at its cut. Filters
 * on the grouping column of a share apply after the share is computed, so it is a share of the whole.
 */
export function compilePlan(
  plan: AnalysisPlan,
  columnTypes: ReadonlyArray<{ name: string; type: ColumnType }>,
): CompiledQuery {
  const columns: Columns = new Map(columnTypes.map((c) => [c.name, c.type]));
  const params = new Params();
  if (plan.shape) return compileShape(plan, plan.shape, columns, params);
  if (plan.measures.length === 0) throw new PlanError('a plan needs at least one measure');
  const measures = plan.measures.map((m, i) => measureSql(columns, m, i));
  const dimensions = plan.dimensions.map((d, i) => dimensionSql(columns, d, i));
  const share = plan.calculation?.kind === 'share_of_total';
  const inner: string[] = [];
  const outer: string[] = [];
  plan.filters.forEach((filter, i) => {
    const grouped = plan.dimensions.findIndex(
      (d) => d.column === filter.column && d.grain === null,
    );
    if (share && filter.part === null && grouped >= 0 && filter.op !== 'not_null') {
      const alias: Columns = new Map([[`__d${grouped}`, columns.get(filter.column)!]]);
      outer.push(filterSql(alias, { ...filter, column: `__d${grouped}` }, i, params));
    } else {
      inner.push(filterSql(columns, filter, i, params));
    }
  });
  // A conditional share: the rows of each group that pass `where`, counted beside all of them.
  const conditional = plan.calculation?.kind === 'share_where' ? plan.calculation : null;
  if (conditional) {
    const counted = plan.measures[0];
    if (counted?.column !== null || counted.aggregation !== 'count')
      throw new PlanError('share_where needs a count of rows as its first measure');
  }
  const passing = conditional
    ? conditional.where.map((f, i) => filterSql(columns, f, plan.filters.length + i, params))
    : [];
  const groups = [
    ...dimensions.map((d, i) =>
      d.key === d.shown
        ? `${d.key} AS __k${i}, ${d.key} AS __d${i}`
        : `${d.key} AS __k${i}, any_value(${d.shown}) AS __d${i}`,
    ),
    ...measures.map((m, j) => `${m} AS __m${j}`),
    ...(conditional ? [`count(*) FILTER (WHERE ${passing.join(' AND ')}) AS __s`] : []),
  ];
  const where = inner.length > 0 ? ` WHERE ${inner.join(' AND ')}` : '';
  const groupBy =
    dimensions.length > 0 ? ` GROUP BY ${dimensions.map((d) => d.key).join(', ')}` : '';
  // One number over no rows is no answer: a sum or an average of nothing is no rows, not one row
  // of null ("the population of Iceland in 2025"); a count of nothing is 0.
  const having =
    dimensions.length === 0 &&
    plan.measures.every((m) => m.aggregation !== 'count' && m.aggregation !== 'count_distinct')
      ? ' HAVING count(*) > 0'
      : '';
  const level1 =
    plan.calculation?.kind === 'count_groups_where'
      ? countGroupsSql(plan, plan.calculation, columns, inner, params)
      : plan.calculation?.kind === 'change_between'
        ? changeBetweenSql(plan, plan.calculation, columns, dimensions, measures, inner, params)
        : `SELECT ${groups.join(', ')} FROM ${WORKSHEET_VIEW}${where}${groupBy}${having}`;

  const calculations: Array<{ sql: string; label: string }> = [];
  const calc = plan.calculation;
  if (calc?.kind === 'share_of_total') {
    calculations.push({ sql: '__m0 / nullif(sum(__m0) OVER (), 0)', label: 'Share of total' });
  } else if (calc?.kind === 'share_where') {
    calculations.push({ sql: '__s / nullif(__m0, 0)', label: 'Share' });
  } else if (calc?.kind === 'change_over_time' && dimensions.length > 0) {
    // Each series apart: with more groupings ("by year and country"), the previous period of the
    // same country, never the row before it of another one.
    const series = dimensions.slice(1).map((_, i) => `__k${i + 1}`);
    const previous = `lag(__m0) OVER (${series.length ? `PARTITION BY ${series.join(', ')} ` : ''}ORDER BY __k0)`;
    calculations.push({ sql: `__m0 - ${previous}`, label: 'Change' });
    calculations.push({
      sql: `(__m0 - ${previous}) / nullif(abs(${previous}), 0)`,
      label: 'Change %',
    });
  } else if (calc?.kind === 'change_between') {
    const [fromLabel, toLabel, change, percent] = changeBetweenLabels(plan);
    calculations.push({ sql: '__a0', label: fromLabel! });
    calculations.push({ sql: '__b0', label: toLabel! });
    calculations.push({ sql: '__m0', label: change! });
    calculations.push({ sql: '__m0 / nullif(abs(__a0), 0)', label: percent! });
  } else if (calc?.kind === 'difference' && dimensions.length > 0) {
    const b = params.add(calc.b);
    calculations.push({
      sql: `__m0 - max(CASE WHEN CAST(__d0 AS VARCHAR) = CAST(${b} AS VARCHAR) THEN __m0 END) OVER ()`,
      label: `Difference from ${String(calc.b)}`,
    });
  }
  const order = plan.sort.map((s) => {
    const exists = s.by === 'measure' ? plan.measures[s.index] : plan.dimensions[s.index];
    if (!exists) throw new PlanError(`sort names ${s.by} ${s.index}, which the plan does not have`);
    return `${s.by === 'measure' ? '__m' : '__k'}${s.index} ${s.direction.toUpperCase()} NULLS LAST`;
  });
  dimensions.forEach((_, i) => order.push(`__k${i} ASC NULLS LAST`));
  // Only the groups whose measure compares (a HAVING): "which origins have more than 100 flights".
  if (calc?.kind === 'groups_where' && dimensions.length > 0) {
    if (calc.measure >= measures.length)
      throw new PlanError(
        `groups_where names measure ${calc.measure}, which the plan does not have`,
      );
    outer.push(`__m${calc.measure} ${COMPARE[calc.op]} ${params.add(calc.value)}`);
  }
  // One winner (or n) per group: the rows of each value of the first dimension numbered in the
  // plan's order, and only the first n kept.
  // Ties at the cut are kept (decision 154): a group ranks by the measures it is sorted on alone
  // (`rank()`, never `row_number()`), so two winners of one group that tie are both shown.
  const byMeasure = plan.sort.findIndex((s) => s.by !== 'measure');
  const measureOrder = order.slice(0, byMeasure < 0 ? plan.sort.length : byMeasure);
  const rankedBy = measureOrder.length > 0 ? measureOrder.join(', ') : null;
  const ranked = calc?.kind === 'top_per_group' && dimensions.length > 1;
  if (ranked) outer.push(`__r <= ${params.add(calc.n)}`);
  const within = rankedBy ?? order.filter((o) => !o.startsWith('__k0 ')).join(', ');
  const level2 = ranked
    ? `SELECT *, rank() OVER (PARTITION BY __k0 ORDER BY ${within}) AS __r FROM (${level1}) AS groups`
    : calculations.length
      ? `SELECT *, ${calculations.map((c, i) => `${c.sql} AS __c${i}`).join(', ')} FROM (${level1}) AS groups`
      : level1;

  // A change between two periods shows the measure in each, then the change (its `__m0`).
  const shownMeasures = calc?.kind === 'change_between' ? [] : plan.measures;
  const shown = [
    ...plan.dimensions.map((d, i) => `__d${i} AS ${quoteIdentifier(d.label)}`),
    ...shownMeasures.map((m, j) => `__m${j} AS ${quoteIdentifier(m.label)}`),
    ...calculations.map((c, i) => `__c${i} AS ${quoteIdentifier(c.label)}`),
  ];
  const kept = outer.length > 0 ? ` WHERE ${outer.join(' AND ')}` : '';
  const orderBy = order.length > 0 ? ` ORDER BY ${order.join(', ')}` : '';
  if (plan.limit !== null && rankedBy !== null) {
    // "top 5" keeps every group tied with the fifth (decision 154): the groups ranked by the
    // measure alone, those ranked within the limit kept, then shown in the plan's order.
    const cut = `SELECT *, rank() OVER (ORDER BY ${rankedBy}) AS __t FROM (${level2}) AS calculated${kept}`;
    const sql = `SELECT ${shown.join(', ')} FROM (${cut}) AS cut WHERE __t <= ${params.add(plan.limit)}${orderBy}`;
    return { sql, params: params.values };
  }
  const limit = plan.limit !== null ? ` LIMIT ${plan.limit}` : '';
  const sql = `SELECT ${shown.join(', ')} FROM (${level2}) AS calculated${kept}${orderBy}${limit}`;
  return { sql, params: params.values };
}

/**
 * The groups that pass, counted ("how many airlines had more than 100 strikes"): the rows
 * (filtered) grouped by the first measure's column, empty values left out as a distinct count leaves
 * them, only the groups whose aggregate compares kept (a HAVING), and those counted. One number: the
 * plan has no dimension and this one measure.
 */
function countGroupsSql(
  plan: AnalysisPlan,
  calc: Extract<NonNullable<AnalysisPlan['calculation']>, { kind: 'count_groups_where' }>,
  columns: Columns,
  inner: readonly string[],
  params: Params,
): string {
  const counted = countedGroupsColumn(plan);
  if (counted === null) {
    throw new PlanError(
      'count_groups_where needs no dimension and one measure, a count_distinct of the groups counted',
    );
  }
  const group = columnOf(columns, counted, 'measures[0]').sql;
  const compared = measureSql(
    columns,
    { column: calc.column, aggregation: calc.aggregation, label: 'compared' },
    0,
  );
  const rows = [...inner, `${group} IS NOT NULL`].join(' AND ');
  const passing = `SELECT ${group} FROM ${WORKSHEET_VIEW} WHERE ${rows} GROUP BY ${group} HAVING ${compared} ${COMPARE[calc.op]!} ${params.add(calc.value)}`;
  return `SELECT count(*) AS __m0 FROM (${passing}) AS passing`;
}

/** A period of a `change_between` as its column's label says it: `2005`, `2008-01`. */
function periodText(
  calc: Extract<NonNullable<AnalysisPlan['calculation']>, { kind: 'change_between' }>,
  value: string | number | boolean,
): string {
  return calc.grain === 'month' ? String(value).slice(0, 7) : String(value);
}

/**
 * The output column names of a `change_between` plan after its dimensions: the first measure in
 * each period (`Average Price in 2005`, `Average Price in 2010`), `Change` and `Change %`.
 */
export function changeBetweenLabels(plan: AnalysisPlan): string[] {
  const calc = plan.calculation;
  if (calc?.kind !== 'change_between') return [];
  const measure = plan.measures[0]?.label ?? 'Count';
  return [
    `${measure} in ${periodText(calc, calc.from)}`,
    `${measure} in ${periodText(calc, calc.to)}`,
    'Change',
    'Change %',
  ];
}

/**
 * The groups of a change between two periods (decision 161): the first measure aggregated per
 * group and period, over the rows of the two periods only, then each group's value in `from`
 * (`__a0`) and in `to` (`__b0`) side by side and the change `__m0`, which the plan's sort and limit
 * on measure 0 rank. A group without a value in one of the periods is left out (a HAVING).
 */
function changeBetweenSql(
  plan: AnalysisPlan,
  calc: Extract<NonNullable<AnalysisPlan['calculation']>, { kind: 'change_between' }>,
  columns: Columns,
  dimensions: ReadonlyArray<{ key: string; shown: string }>,
  measures: readonly string[],
  inner: readonly string[],
  params: Params,
): string {
  if (dimensions.length === 0 || measures.length !== 1)
    throw new PlanError('change_between needs a dimension (the groups) and one measure');
  const time = columnOf(columns, calc.column, 'calculation.column');
  if (calc.grain !== null && !TEMPORAL.has(time.type))
    throw new PlanError('calculation.grain needs a date or timestamp column');
  // The period as a time grouping by that grain keys it (a year is a number, a month a date).
  const period = dimensionSql(
    columns,
    { column: calc.column, grain: calc.grain, label: '' },
    0,
  ).key;
  const periodType =
    calc.grain === 'year' ? 'integer' : calc.grain === 'month' ? 'date' : time.type;
  const from = typedAs(periodType, params.add(calc.from));
  const to = typedAs(periodType, params.add(calc.to));
  const rows = [...inner, `${period} IN (${from}, ${to})`];
  const perPeriod =
    `SELECT ${dimensions.map((d, i) => `${d.key} AS __k${i}, any_value(${d.shown}) AS __d${i}`).join(', ')}, ` +
    `${period} AS __p, ${measures[0]!} AS __v FROM ${WORKSHEET_VIEW} WHERE ${rows.join(' AND ')} ` +
    `GROUP BY ${[...dimensions.map((d) => d.key), period].join(', ')}`;
  const at = (value: string) => `max(__v) FILTER (WHERE __p = ${value})`;
  const keys = dimensions.map((_, i) => `__k${i}`);
  return (
    `SELECT ${keys.map((k, i) => `${k}, any_value(__d${i}) AS __d${i}`).join(', ')}, ` +
    `${at(from)} AS __a0, ${at(to)} AS __b0, ${at(to)} - ${at(from)} AS __m0 ` +
    `FROM (${perPeriod}) AS periods GROUP BY ${keys.join(', ')} ` +
    `HAVING ${at(from)} IS NOT NULL AND ${at(to)} IS NOT NULL`
  );
}

/** Most points of a scatter; past it the rows are sampled with a fixed seed (SPEC 4). */
export const SCATTER_POINTS = 5000;

/** The output column names of a shaped plan, in order (the shaper names its chart fields so). */
export function shapeLabels(plan: AnalysisPlan): string[] {
  const shape = plan.shape;
  if (!shape) return [];
  const group = plan.dimensions[0]?.label;
  switch (shape.kind) {
    case 'histogram':
      return [`${shape.column} from`, `${shape.column} to`, 'Count'];
    case 'boxplot':
      return [
        ...(group ? [group] : []),
        `Minimum ${shape.column}`,
        `Lower quartile ${shape.column}`,
        `Median ${shape.column}`,
        `Upper quartile ${shape.column}`,
        `Maximum ${shape.column}`,
      ];
    case 'scatter':
      return [shape.x, shape.y, ...(group ? [group] : []), 'Correlation', 'Rows in data'];
  }
}

function numericColumn(columns: Columns, name: string, where: string): string {
  const { sql, type } = columnOf(columns, name, where);
  if (!NUMERIC.has(type)) throw new PlanError(`${where} needs a numeric column, not ${name}`);
  return sql;
}

/**
 * A histogram (equal-width bins from the minimum to the maximum, the last bin closed), a box plot
 * (exact quartiles by linear interpolation, per group) or a scatter (the rows, sampled past
 * `SCATTER_POINTS` with a fixed seed, Pearson's r over all of them) of the filtered rows; rows
 * where a plotted column is empty are left out.
 */
function compileShape(
  plan: AnalysisPlan,
  shape: NonNullable<AnalysisPlan['shape']>,
  columns: Columns,
  params: Params,
): CompiledQuery {
  const labels = shapeLabels(plan).map(quoteIdentifier);
  const filters = plan.filters.map((filter, i) => filterSql(columns, filter, i, params));
  const group = plan.dimensions[0];
  if (plan.dimensions.length > 1) throw new PlanError('a shaped plan takes at most one dimension');
  if (group && group.grain !== null) throw new PlanError('a shaped plan groups without a grain');
  const groupSql = group ? columnOf(columns, group.column, 'dimensions[0]').sql : null;
  const where = (...more: string[]) => {
    const all = [...filters, ...more];
    return all.length > 0 ? ` WHERE ${all.join(' AND ')}` : '';
  };
  if (shape.kind === 'histogram') {
    const c = numericColumn(columns, shape.column, 'shape.column');
    const n = shape.bins;
    const base = `SELECT CAST(${c} AS DOUBLE) AS v FROM ${WORKSHEET_VIEW}${where(`${c} IS NOT NULL`)}`;
    const range = `SELECT min(v) AS lo, max(v) AS hi FROM base`;
    const binned = `SELECT coalesce(least(CAST(floor((v - lo) / nullif((hi - lo) / ${n}, 0)) AS INTEGER), ${n - 1}), 0) AS i, lo, hi FROM base, range`;
    const sql =
      `WITH base AS (${base}), range AS (${range}), binned AS (${binned}) ` +
      `SELECT lo + i * (hi - lo) / ${n} AS ${labels[0]}, lo + (i + 1) * (hi - lo) / ${n} AS ${labels[1]}, count(*) AS ${labels[2]} ` +
      `FROM binned GROUP BY i, lo, hi ORDER BY i`;
    return { sql, params: params.values };
  }
  if (shape.kind === 'boxplot') {
    const c = numericColumn(columns, shape.column, 'shape.column');
    const stats = [
      `min(${c})`,
      `quantile_cont(${c}, 0.25)`,
      `quantile_cont(${c}, 0.5)`,
      `quantile_cont(${c}, 0.75)`,
      `max(${c})`,
    ];
    const keys = groupSql ? [groupSql] : [];
    const shown = [...keys, ...stats].map((sql, i) => `${sql} AS ${labels[i]}`);
    const more = [`${c} IS NOT NULL`, ...(groupSql ? [`${groupSql} IS NOT NULL`] : [])];
    let sql = `SELECT ${shown.join(', ')} FROM ${WORKSHEET_VIEW}${where(...more)}`;
    if (groupSql) sql += ` GROUP BY ${groupSql} ORDER BY ${groupSql}`;
    else sql += ' HAVING count(*) > 0';
    return { sql, params: params.values };
  }
  const x = numericColumn(columns, shape.x, 'shape.x');
  const y = numericColumn(columns, shape.y, 'shape.y');
  const picked = [x, y, ...(groupSql ? [groupSql] : [])];
  const inner =
    `SELECT ${picked.map((sql, i) => `${sql} AS __p${i}`).join(', ')}, ` +
    `corr(${x}, ${y}) OVER () AS __r, count(*) OVER () AS __n ` +
    `FROM ${WORKSHEET_VIEW}${where(`${x} IS NOT NULL`, `${y} IS NOT NULL`)}`;
  const shown = [...picked.map((_, i) => `__p${i}`), '__r', '__n'].map(
    (name, i) => `${name} AS ${labels[i]}`,
  );
  const sql =
    `SELECT ${shown.join(', ')} FROM (SELECT * FROM (${inner}) AS points ` +
    `USING SAMPLE reservoir(${SCATTER_POINTS} ROWS) REPEATABLE (23)) AS sampled ORDER BY __p0, __p1`;
  return { sql, params: params.values };
}
