import type { AnswerTable, Cell, ChartField } from '@ask-analyst/protocol';
import { parseDate } from '../format/format-value.js';

/** At most this many categories are drawn as bars: the largest, then "and N more" (all stay in the table). */
export const MAX_BARS = 15;
/** At most this many series are drawn (all stay in the table). */
export const MAX_SERIES = 8;

/** A numeric cell, or null when empty or not a number. */
export function numberOf(value: Cell | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** The index of a chart field's column in the table, or -1. */
export function columnIndex(table: AnswerTable, field: ChartField | null): number {
  return field ? table.columns.findIndex((column) => column.name === field.column) : -1;
}

export interface Categories {
  /** Category values in the answer's order (the x or y axis of a bar chart). */
  categories: Cell[];
  /** Series names in the answer's order; one unnamed series without a series field. */
  series: Cell[];
  /** values[series][category]; null where the answer has no row. */
  values: (number | null)[][];
  /** Categories or series left out by the limits. */
  omitted: { categories: number; series: number };
}

function keyOf(value: Cell | undefined): string {
  return value === null || value === undefined ? '\u0000null' : `${typeof value}:${String(value)}`;
}

/** Groups rows by category (and series) for a bar chart. */
export function categoriesOf(
  table: AnswerTable,
  x: ChartField,
  y: ChartField,
  series: ChartField | null,
): Categories {
  const xi = columnIndex(table, x);
  const yi = columnIndex(table, y);
  const si = columnIndex(table, series);
  const categoryIndex = new Map<string, number>();
  const seriesIndex = new Map<string, number>();
  const categories: Cell[] = [];
  const names: Cell[] = [];
  const cells: Array<[number, number, number | null]> = [];
  for (const row of table.rows) {
    const category = row[xi] ?? null;
    const name = si >= 0 ? (row[si] ?? null) : '';
    let c = categoryIndex.get(keyOf(category));
    if (c === undefined) {
      c = categories.length;
      categoryIndex.set(keyOf(category), c);
      categories.push(category);
    }
    let s = seriesIndex.get(keyOf(name));
    if (s === undefined) {
      s = names.length;
      seriesIndex.set(keyOf(name), s);
      names.push(name);
    }
    cells.push([s, c, numberOf(row[yi])]);
  }
  const keptSeries = Math.min(names.length, MAX_SERIES);
  // Past MAX_BARS categories, the largest (by their total over the drawn series) are drawn, largest
  // first: the categories a summary names are the ones drawn.
  let order = categories.map((_, c) => c);
  if (categories.length > MAX_BARS) {
    const totals = categories.map(() => 0);
    for (const [s, c, value] of cells) if (s < keptSeries && value !== null) totals[c]! += value;
    order = order
      .sort((a, b) => Math.abs(totals[b]!) - Math.abs(totals[a]!) || a - b)
      .slice(0, MAX_BARS);
  }
  const position = new Map(order.map((c, i) => [c, i]));
  const values = Array.from({ length: keptSeries }, () =>
    Array<number | null>(order.length).fill(null),
  );
  for (const [s, c, value] of cells) {
    const line = values[s];
    const at = position.get(c);
    if (line && at !== undefined) line[at] = value;
  }
  return {
    categories: order.map((c) => categories[c] ?? null),
    series: names.slice(0, keptSeries),
    values,
    omitted: { categories: categories.length - order.length, series: names.length - keptSeries },
  };
}

export interface LineSeries {
  name: Cell;
  points: Array<{ x: number; y: number; label: Cell }>;
}

export interface Lines {
  /** How x positions were read: time (epoch ms), number, or the order of first appearance. */
  kind: 'time' | 'number' | 'order';
  series: LineSeries[];
  /** Distinct x values in x order, with their position. */
  xs: Array<{ x: number; label: Cell }>;
  omittedSeries: number;
}

/** Points of a line chart, sorted along x; rows without a number on either axis are skipped. */
export function linesOf(
  table: AnswerTable,
  x: ChartField,
  y: ChartField,
  series: ChartField | null,
): Lines {
  const xi = columnIndex(table, x);
  const yi = columnIndex(table, y);
  const si = columnIndex(table, series);
  const xCells = table.rows.map((row) => row[xi] ?? null);
  const nonEmpty = xCells.filter((cell): cell is string | number | boolean => cell !== null);
  const kind: Lines['kind'] =
    nonEmpty.length > 0 &&
    nonEmpty.every((c) => typeof c === 'string' && !Number.isNaN(parseDate(c)))
      ? 'time'
      : nonEmpty.length > 0 && nonEmpty.every((c) => numberOf(c) !== null)
        ? 'number'
        : 'order';
  const order = new Map<string, number>();
  const position = (cell: Cell): number | null => {
    if (cell === null) return null;
    if (kind === 'time') return parseDate(String(cell));
    if (kind === 'number') return numberOf(cell);
    const key = keyOf(cell);
    if (!order.has(key)) order.set(key, order.size);
    return order.get(key) ?? null;
  };
  const bySeries = new Map<string, LineSeries>();
  const xs = new Map<number, Cell>();
  table.rows.forEach((row, r) => {
    const px = position(xCells[r] ?? null);
    const py = numberOf(row[yi]);
    if (px === null || py === null) return;
    const name = si >= 0 ? (row[si] ?? null) : '';
    let line = bySeries.get(keyOf(name));
    if (!line) {
      line = { name, points: [] };
      bySeries.set(keyOf(name), line);
    }
    line.points.push({ x: px, y: py, label: xCells[r] ?? null });
    if (!xs.has(px)) xs.set(px, xCells[r] ?? null);
  });
  const all = [...bySeries.values()];
  for (const line of all) line.points.sort((a, b) => a.x - b.x);
  return {
    kind,
    series: all.slice(0, MAX_SERIES),
    xs: [...xs.entries()].sort((a, b) => a[0] - b[0]).map(([px, label]) => ({ x: px, label })),
    omittedSeries: Math.max(0, all.length - MAX_SERIES),
  };
}
