import { comparedAnswer } from './comparison.js';
import type {
  AnalysisPlan,
  AnswerCoverage,
  AnswerTable,
  Cell,
  ChartField,
  ChartSpec,
  ValueFormat,
} from '@ask-analyst/protocol';
import { SCATTER_POINTS, changeBetweenLabels, shapeLabels } from '../compiler/compile.js';
import { derivedOfMeasure } from '../semantics/derived.js';
import type { WorksheetSemantics } from '../semantics/worksheet.js';
import type { ColumnDisplay } from './display.js';
import { formatValue } from './format.js';

/** How the shaper shows each output column: the display fields of `displayColumns`. */
export type Display = ReadonlyMap<string, ColumnDisplay>;

/** How each output column of a plan reads (for chart axes and the summary). */
export function outputFormats(
  plan: AnalysisPlan,
  semantics: WorksheetSemantics,
): Map<string, ValueFormat> {
  const column = (name: string | null) => semantics.columns.find((c) => c.name === name);
  const formats = new Map<string, ValueFormat>();
  for (const d of plan.dimensions) {
    const source = column(d.column);
    const grainFormat: ValueFormat =
      d.grain === 'year' || d.grain === 'hour_of_day'
        ? 'text'
        : d.grain === 'quarter' || d.grain === 'month' || d.grain === 'week' || d.grain === 'day'
          ? 'date'
          : d.grain === 'hour'
            ? 'timestamp'
            : 'text';
    const yearColumn = source?.role === 'year';
    formats.set(d.label, d.grain ? grainFormat : yearColumn ? 'text' : (source?.format ?? 'text'));
  }
  for (const m of plan.measures) {
    // Arithmetic between two columns reads as they do when it keeps their unit; a ratio is a number.
    const source = m.arithmetic ? derivedOfMeasure(m, semantics.columns, '') : column(m.column);
    const counted = m.aggregation === 'count' || m.aggregation === 'count_distinct';
    formats.set(
      m.label,
      counted
        ? 'integer'
        : m.aggregation === 'variance'
          ? 'number'
          : source?.format === 'currency'
            ? 'currency'
            : source?.type === 'integer' && ['sum', 'min', 'max', 'range'].includes(m.aggregation)
              ? 'integer'
              : source?.format === 'date' || source?.format === 'timestamp'
                ? source.format
                : 'number',
    );
  }
  // A change between two periods reads as its measure, in each period and as the change.
  const [from, to] = changeBetweenLabels(plan);
  const first = plan.measures[0] ? formats.get(plan.measures[0].label) : undefined;
  if (from && to && first) for (const label of [from, to, 'Change']) formats.set(label, first);
  formats.set('Share of total', 'percent');
  if (plan.calculation?.kind === 'share_where') formats.set('Share', 'percent');
  formats.set('Change %', 'percent');
  if (plan.shape) {
    const labels = shapeLabels(plan);
    const numberOf = (name: string): ValueFormat => {
      const format = column(name)?.format;
      return format === 'currency' || format === 'integer' ? format : 'number';
    };
    const shape = plan.shape;
    labels.forEach((label, i) => {
      if (plan.dimensions[0]?.label === label) return;
      if (label === 'Count' || label === 'Rows in data') formats.set(label, 'integer');
      else if (label === 'Correlation') formats.set(label, 'number');
      else if (shape.kind === 'scatter') formats.set(label, numberOf(i === 0 ? shape.x : shape.y));
      else formats.set(label, numberOf(shape.column));
    });
    // Bin bounds and quartiles fall between whole values.
    if (shape.kind !== 'scatter')
      for (const label of labels)
        if (formats.get(label) === 'integer' && label !== 'Count') formats.set(label, 'number');
  }
  return formats;
}

function field(label: string, display: Display): ChartField {
  const shown = display.get(label);
  return { column: label, label: shown?.label ?? label, format: shown?.format ?? 'number' };
}

/** A value of an output column, written as the table shows it. */
function show(value: Cell, label: string, display: Display, fallback: ValueFormat = 'number') {
  const shown = display.get(label);
  return formatValue(value, shown?.format ?? fallback, shown?.decimals);
}

/**
 * The chart suited to an answer (SPEC section 5): one number → `kpi`; a time grouping → `line`;
 * categories → `bar` (horizontal for long labels or many bars); a second grouping splits it into
 * series. Several measures, three groupings or an empty table are best read as a table: `null`.
 */
export function chartFor(
  plan: AnalysisPlan,
  semantics: WorksheetSemantics,
  table: AnswerTable,
  display: Display,
  title: string,
): ChartSpec | null {
  if (plan.shape) return shapeChart(plan, table, display, title);
  if (table.rows.length === 0 || plan.measures.length !== 1) return null;
  const measure =
    plan.calculation?.kind === 'share_of_total'
      ? 'Share of total'
      : plan.calculation?.kind === 'share_where'
        ? 'Share'
        : plan.calculation?.kind === 'change_between'
          ? 'Change'
          : plan.measures[0]!.label;
  if (plan.dimensions.length === 0) {
    return { type: 'kpi', title, value: field(measure, display) };
  }
  if (plan.dimensions.length > 2) return null;
  const [first, second] = plan.dimensions;
  const x = field(first!.label, display);
  const series = second ? field(second.label, display) : null;
  const timeLike =
    first!.grain !== null &&
    !['month_of_year', 'day_of_week', 'quarter_of_year', 'hour_of_day'].includes(first!.grain);
  const yearColumn =
    first!.grain === null &&
    semantics.columns.some((c) => c.name === first!.column && c.role === 'year');
  const line =
    plan.chart === 'line' ||
    (plan.chart !== 'bar' &&
      (timeLike || yearColumn || display.get(first!.label)?.format === 'date') &&
      table.rows.length > 1);
  if (line) {
    return { type: 'line', title, x, y: field(measure, display), series };
  }
  const longLabels = table.rows.some((row) => String(row[0] ?? '').length > 12);
  return {
    type: 'bar',
    title,
    x,
    y: field(measure, display),
    series,
    orientation: longLabels || table.rows.length > 12 ? 'horizontal' : 'vertical',
  };
}

/** The chart of a shaped plan: its fields name the table's columns in `shapeLabels` order. */
function shapeChart(
  plan: AnalysisPlan,
  table: AnswerTable,
  display: Display,
  title: string,
): ChartSpec | null {
  const shape = plan.shape;
  if (!shape || table.rows.length === 0) return null;
  const labels = shapeLabels(plan);
  const f = (label: string) => field(label, display);
  const grouped = plan.dimensions.length > 0;
  if (shape.kind === 'histogram')
    return { type: 'histogram', title, x: f(labels[0]!), x2: f(labels[1]!), y: f(labels[2]!) };
  if (shape.kind === 'boxplot') {
    const [min, q1, median, q3, max] = labels.slice(grouped ? 1 : 0);
    return {
      type: 'boxplot',
      title,
      x: grouped ? f(labels[0]!) : null,
      min: f(min!),
      q1: f(q1!),
      median: f(median!),
      q3: f(q3!),
      max: f(max!),
    };
  }
  const first = table.rows[0]!;
  const r = first[labels.length - 2];
  const n = first[labels.length - 1];
  return {
    type: 'scatter',
    title,
    x: f(labels[0]!),
    y: f(labels[1]!),
    series: grouped ? f(labels[2]!) : null,
    correlation: typeof r === 'number' && Number.isFinite(r) ? Math.max(-1, Math.min(1, r)) : null,
    sampled: Number(n) > SCATTER_POINTS,
  };
}

/** How strong a correlation reads, in words. */
function strength(r: number): string {
  const a = Math.abs(r);
  if (a < 0.1) return 'no clear linear relationship';
  const size = a >= 0.7 ? 'strong' : a >= 0.4 ? 'moderate' : 'weak';
  return `a ${size} ${r > 0 ? 'positive' : 'negative'} relationship`;
}

/** The summary of a shaped plan, from the numbers. */
function shapeSummary(
  plan: AnalysisPlan,
  table: AnswerTable,
  display: Display,
  restatement: string,
): string {
  const shape = plan.shape!;
  const labels = shapeLabels(plan);
  const rows = table.rows;
  const said = restatement.replace(/\.$/, '');
  const at = (row: readonly Cell[], i: number) => show(row[i] ?? null, labels[i]!, display);
  if (rows.length === 0) return `No rows match: ${said} has no data. Try removing a filter.`;
  if (shape.kind === 'histogram') {
    const total = rows.reduce((sum, row) => sum + Number(row[2] ?? 0), 0);
    const fullest = rows.reduce((best, row) => (Number(row[2]) > Number(best[2]) ? row : best));
    const last = rows[rows.length - 1]!;
    return (
      `${shape.column}: ${total.toLocaleString('en-US')} rows in ${shape.bins} bins from ` +
      `${at(rows[0]!, 0)} to ${at(last, 1)}; the fullest bin, ${at(fullest, 0)} to ${at(fullest, 1)}, ` +
      `holds ${Number(fullest[2]).toLocaleString('en-US')} rows (${said}).`
    );
  }
  if (shape.kind === 'boxplot') {
    const grouped = plan.dimensions.length > 0;
    const o = grouped ? 1 : 0;
    const parts = rows.map(
      (row) =>
        `${grouped ? `${String(row[0])}: ` : ''}median ${at(row, o + 2)} ` +
        `(quartiles ${at(row, o + 1)} to ${at(row, o + 3)}, range ${at(row, o)} to ${at(row, o + 4)})`,
    );
    return `${shape.column}${grouped ? ` by ${plan.dimensions[0]!.label}` : ''}: ${parts.join('; ')}.`;
  }
  const first = rows[0]!;
  const r = first[labels.length - 2];
  const n = Number(first[labels.length - 1] ?? rows.length);
  const relation =
    typeof r === 'number' && Number.isFinite(r)
      ? `Pearson's r is ${r.toFixed(3)}: ${strength(r)}`
      : 'the correlation is undefined (too few rows, or a constant column)';
  return (
    `${shape.y} against ${shape.x} over ${n.toLocaleString('en-US')} rows: ${relation}` +
    (n > SCATTER_POINTS
      ? ` (r over all rows; ${SCATTER_POINTS.toLocaleString('en-US')} of them plotted, sampled with a fixed seed).`
      : '.')
  );
}

function describeRow(row: readonly Cell[], plan: AnalysisPlan, display: Display): string {
  return plan.dimensions
    .map((d, i) => {
      const value = row[i] ?? null;
      const format = display.get(d.label)?.format ?? 'text';
      // A group is named, not measured: the year 2012, 8 cylinders (never "2,012").
      return format === 'integer' && typeof value === 'number'
        ? String(value)
        : show(value, d.label, display, 'text');
    })
    .join(', ');
}

/** The change from `a` to `b` relative to `a`, signed ("+12.5%", "-3.1%"); null where none is. */
function percentChange(a: Cell | undefined, b: Cell | undefined): string | null {
  if (typeof a !== 'number' || typeof b !== 'number' || a === 0) return null;
  const change = (b - a) / Math.abs(a);
  return `${change >= 0 ? '+' : ''}${formatValue(change, 'percent')}`;
}

/** Groups named in a sentence: "A, B and C", the first five and how many more. */
function names(rows: readonly (readonly Cell[])[], plan: AnalysisPlan, display: Display): string {
  const named = rows.slice(0, 5).map((row) => describeRow(row, plan, display));
  if (rows.length > named.length)
    return `${named.join(', ')} and ${rows.length - named.length} more`;
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named.join('');
}

/**
 * A factual paragraph written from the numbers only: the single value (after "Yes." or "No." for a
 * question whether there are any); or the top and bottom groups and how many there are; or the
 * first and last points of a series, with the change between them.
 */
export function summarize(
  plan: AnalysisPlan,
  table: AnswerTable,
  display: Display,
  restatement: string,
  options: {
    coverage?: AnswerCoverage | undefined;
    asksIfAny?: boolean;
    /** A yes/no comparison of two values' figures, and which way ("more", "less"). */
    compares?: 'more' | 'less' | null;
  } = {},
): string {
  if (plan.shape) return shapeSummary(plan, table, display, restatement);
  const measure = plan.measures[0]!;
  const valueIndex = plan.dimensions.length;
  const fmt = (value: Cell, label = measure.label) => show(value, label, display);
  if (table.rowCount === 0) {
    return `No rows match: ${restatement.replace(/\.$/, '')} has no data. Try removing a filter.`;
  }
  const subject = display.get(measure.label)?.label ?? measure.label;
  if (plan.calculation?.kind === 'share_where') {
    const share = (row: readonly Cell[]) =>
      show(row[valueIndex + plan.measures.length] ?? null, 'Share', display, 'percent');
    const where = restatement.replace(/\.$/, '');
    if (plan.dimensions.length === 0)
      return `${share(table.rows[0]!)} of ${fmt(table.rows[0]?.[0] ?? null)} rows (${where}).`;
    const shown = table.rows.slice(0, 5);
    return `${shown.map((row) => `${describeRow(row, plan, display)} ${share(row)}`).join(', ')}${table.rows.length > shown.length ? ', …' : ''} (${where}).`;
  }
  if (plan.dimensions.length === 0) {
    const values = plan.measures.map(
      (m, j) => `${m.label}: ${fmt(table.rows[0]?.[j] ?? null, m.label)}`,
    );
    const answer = `${values.join('; ')} (${restatement.replace(/\.$/, '')}).`;
    // "Were any flights … late?": yes or no, then the count.
    const count = table.rows[0]?.[0];
    if (options.asksIfAny && measure.aggregation === 'count' && typeof count === 'number')
      return `${count > 0 ? 'Yes' : 'No'}. ${answer}`;
    return answer;
  }
  const rows = table.rows;
  const compared = options.compares ? comparedAnswer(options.compares, plan, table) : null;
  if (compared) {
    // "are there more airports in Texas than in California?": yes or no, then both figures.
    const [a, b] = [compared.first, compared.second];
    const [x, y] = compared.figures;
    const relation = x > y ? 'more' : x < y ? 'less' : 'the same';
    return `${compared.yes ? 'Yes' : 'No'}. ${subject} for ${describeRow(a, plan, display)}: ${fmt(x)}; for ${describeRow(b, plan, display)}: ${fmt(y)} (${relation}).`;
  }
  const first = rows[0]!;
  const lastRow = rows[rows.length - 1]!;
  const groups = `${table.rowCount.toLocaleString('en-US')} ${plan.dimensions.map((d) => d.label).join(' × ')} group${table.rowCount === 1 ? '' : 's'}`;
  if (plan.calculation?.kind === 'share_of_total') {
    const share = rows[0]?.[valueIndex + plan.measures.length] ?? null;
    return `${describeRow(first, plan, display)} accounts for ${show(share, 'Share of total', display, 'percent')} of the total ${subject} (${fmt(first[valueIndex] ?? null)}), across ${groups}.`;
  }
  if (plan.calculation?.kind === 'change_between') return changeSummary(plan, table, display);
  if (plan.calculation?.kind === 'difference') {
    const difference = rows.find(
      (row) => typeof row[valueIndex + 1] === 'number' && row[valueIndex + 1] !== 0,
    );
    return rows.length >= 2 && difference
      ? `${describeRow(difference, plan, display)}: ${fmt(difference[valueIndex] ?? null)}, a difference of ${fmt(difference[valueIndex + 1] ?? null)} from ${String((plan.calculation as { b: unknown }).b)}.`
      : `${subject} by ${plan.dimensions[0]!.label}: ${rows.map((row) => `${describeRow(row, plan, display)} ${fmt(row[valueIndex] ?? null)}`).join(', ')}.`;
  }
  const ordered = plan.sort[0]?.by === 'dimension';
  if (ordered && rows.length === 1) {
    return `${subject} for ${describeRow(first, plan, display)}: ${fmt(first[valueIndex] ?? null)}.`;
  }
  if (ordered && plan.dimensions.length > 1) {
    // Several series ("by year and symbol"): each compared with itself, first period to last,
    // never the first row of one series with the last row of another.
    const series = new Map<string, Cell[][]>();
    for (const row of rows) {
      const key = JSON.stringify(row.slice(1, plan.dimensions.length));
      series.set(key, [...(series.get(key) ?? []), row]);
    }
    const seriesLabel = (row: readonly Cell[]) =>
      plan.dimensions
        .slice(1)
        .map((d, i) => show(row[i + 1] ?? null, d.label, display, 'text'))
        .join(', ');
    const parts = [...series.values()].slice(0, 5).map((points) => {
      const a = points[0]!;
      const b = points[points.length - 1]!;
      const [va, vb] = [a[valueIndex], b[valueIndex]];
      let part = `${seriesLabel(a)} ${fmt(va ?? null)} (${show(a[0] ?? null, plan.dimensions[0]!.label, display, 'text')})`;
      if (points.length > 1) {
        part += ` to ${fmt(vb ?? null)} (${show(b[0] ?? null, plan.dimensions[0]!.label, display, 'text')})`;
        const change = percentChange(va, vb);
        if (change) part += ` ${change}`;
      }
      return part;
    });
    const more = series.size > parts.length ? `, and ${series.size - parts.length} more` : '';
    return `${subject} by ${plan.dimensions[0]!.label} for ${series.size.toLocaleString('en-US')} series of ${plan.dimensions
      .slice(1)
      .map((d) => d.label)
      .join(' × ')}: ${parts.join('; ')}${more}.`;
  }
  if (ordered) {
    // A last period the data ends inside is partial (decision 131): the change is measured to the
    // last whole period, and the partial one is named as such, never as a fall.
    const partialStart =
      options.coverage?.partial && plan.sort[0]?.direction === 'asc' ? lastRow[0] : undefined;
    const whole = partialStart === undefined ? rows : rows.filter((row) => row[0] !== partialStart);
    const lastWhole = whole.length > 1 ? whole[whole.length - 1]! : lastRow;
    const a = first[valueIndex];
    const b = lastWhole[valueIndex];
    const numeric = rows
      .map((row) => row[valueIndex])
      .filter((v): v is number => typeof v === 'number');
    const peak = rows.reduce(
      (best, row) =>
        typeof row[valueIndex] === 'number' &&
        (best === null || row[valueIndex] > (best[valueIndex] as number))
          ? row
          : best,
      null as Cell[] | null,
    );
    let text = `${subject} by ${plan.dimensions[0]!.label} over ${groups}: ${fmt(a ?? null)} for ${describeRow(first, plan, display)} and ${fmt(b ?? null)} for ${describeRow(lastWhole, plan, display)}`;
    const change = lastWhole !== first ? percentChange(a, b) : null;
    if (change) text += ` (${change})`;
    if (peak && numeric.length > 2)
      text += `; the highest is ${fmt(peak[valueIndex] ?? null)} for ${describeRow(peak, plan, display)}`;
    if (options.coverage?.partial && lastWhole !== lastRow) {
      const grain = plan.dimensions[0]!.grain ?? 'period';
      text += `; ${describeRow(lastRow, plan, display)} is partial (the data ends ${options.coverage.dataEnd.slice(0, 10)}), ${fmt(lastRow[valueIndex] ?? null)} for part of the ${grain}`;
    }
    return `${text}.`;
  }
  const ranked = plan.sort[0]?.by === 'measure';
  // Every group with the same value (rows named, one each): no group is the highest.
  const value = first[valueIndex];
  const extreme = plan.sort[0]?.direction === 'asc' ? 'lowest' : 'highest';
  // Groups tied at the cut of a "top N" are all shown (decision 154), and the summary says so.
  const cut = ranked && plan.limit !== null && rows.length > plan.limit ? plan.limit : null;
  const tied =
    cut === null ? [] : rows.filter((row) => row[valueIndex] === rows[cut - 1]![valueIndex]);
  const end = plan.sort[0]?.direction === 'asc' ? 'bottom' : 'top';
  if (cut !== null && tied.includes(first)) {
    const after = rows.length > tied.length;
    return `${names(tied, plan, display)} tie for the ${extreme} ${subject}: ${fmt(value ?? null)}, so ${rows.length} are shown for the ${end} ${cut}${after ? `; ${describeRow(lastRow, plan, display)} is last shown with ${fmt(lastRow[valueIndex] ?? null)}` : ''} (${groups}).`;
  }
  if (rows.length > 1 && ranked && rows.every((row) => row[valueIndex] === value)) {
    return `${subject} by ${plan.dimensions.map((d) => d.label).join(' and ')}: ${fmt(value ?? null)} for each of the ${groups}${table.truncated ? `, first ${rows.length.toLocaleString('en-US')} shown` : ''}.`;
  }
  let text = `${describeRow(first, plan, display)} has the ${extreme} ${subject}: ${fmt(first[valueIndex] ?? null)}`;
  if (!ranked) text = `${subject} by ${plan.dimensions.map((d) => d.label).join(' and ')}`;
  if (cut !== null) {
    const second = rows[1]!;
    if (!tied.includes(second))
      text += `, followed by ${describeRow(second, plan, display)} (${fmt(second[valueIndex] ?? null)})`;
    text += `; ${names(tied, plan, display)} tie at ${fmt(tied[0]![valueIndex] ?? null)} at the cut of the ${end} ${cut}, so ${rows.length} are shown`;
  } else if (rows.length > 1 && ranked) {
    const second = rows[1]!;
    text += `, followed by ${describeRow(second, plan, display)} (${fmt(second[valueIndex] ?? null)})`;
    if (rows.length > 2)
      text += `; ${describeRow(lastRow, plan, display)} is last shown with ${fmt(lastRow[valueIndex] ?? null)}`;
  }
  text += ` (${groups}${table.truncated ? `, first ${rows.length.toLocaleString('en-US')} shown` : ''}).`;
  return text;
}

/**
 * The summary of a change between two periods (decision 161): the group ranked first, its value in
 * each period and the change, the next one, how many groups had both periods; a first group whose
 * change goes the other way than the ranking asks is said as such, never as an increase (or fall).
 */
function changeSummary(plan: AnalysisPlan, table: AnswerTable, display: Display): string {
  const [fromLabel, toLabel] = changeBetweenLabels(plan);
  const measure = plan.measures[0]!;
  const subject = display.get(measure.label)?.label ?? measure.label;
  const at = plan.dimensions.length;
  const rising = plan.sort[0]?.direction !== 'asc';
  const signed = (value: Cell, label: string) => {
    const text = show(value, label, display);
    return typeof value === 'number' && value > 0 ? `+${text}` : text;
  };
  const describe = (row: readonly Cell[]) =>
    `${describeRow(row, plan, display)} (${show(row[at] ?? null, fromLabel!, display)} to ` +
    `${show(row[at + 1] ?? null, toLabel!, display)}, ${signed(row[at + 2] ?? null, 'Change')}` +
    `${typeof row[at + 3] === 'number' ? `, ${signed(row[at + 3] ?? null, 'Change %')}` : ''})`;
  const rows = table.rows;
  const first = rows[0]!;
  const change = first[at + 2];
  const from = fromLabel!.slice(measure.label.length + 4);
  const to = toLabel!.slice(measure.label.length + 4);
  const groups = plan.dimensions.map((d) => display.get(d.label)?.label ?? d.label).join(' × ');
  const wrongWay = typeof change === 'number' && (rising ? change <= 0 : change >= 0);
  let text = wrongWay
    ? `No group's ${subject} ${rising ? 'rose' : 'fell'} from ${from} to ${to}; the smallest ${rising ? 'fall' : 'rise'} is ${describe(first)}`
    : `${describe(first)} had the largest ${rising ? 'increase' : 'decrease'} in ${subject} from ${from} to ${to}`;
  if (rows.length > 1) text += `, followed by ${describe(rows[1]!)}`;
  return `${text} (any ${groups} without ${subject} in both ${from} and ${to} is left out).`;
}
