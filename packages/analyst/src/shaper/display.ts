import type { AnalysisPlan, AnswerColumn, ValueFormat } from '@ask-analyst/protocol';
import { changeBetweenLabels, shapeLabels } from '../compiler/compile.js';
import { derivedOfMeasure } from '../semantics/derived.js';
import type { ColumnSemantics, WorksheetSemantics } from '../semantics/worksheet.js';

/** How one output column of an answer is shown: the same in the table, the chart and the summary. */
export interface ColumnDisplay {
  label?: string;
  unit?: string;
  format: ValueFormat;
  decimals?: number;
}

/** A label that starts a sentence's second word in lower case, unless it is an acronym (IMDB). */
function inline(label: string): string {
  const first = label.split(' ')[0] ?? '';
  return first.length > 1 && first === first.toUpperCase()
    ? label
    : label.charAt(0).toLowerCase() + label.slice(1);
}

/**
 * The display fields (SPEC 4: label, unit, format, decimals) of each output column of a plan, from
 * the worksheet's semantic layer. A group shows its column's label, unit and decimals (a time grain
 * keeps its own label: "Month"); a count is a whole number without a unit; a sum, minimum, maximum or
 * median keeps the column's unit and decimals; an average keeps the unit and shows one decimal more
 * than a whole-number column (an average of whole horsepower is 119.9, not 120); shares and changes
 * in percent are fractions shown with one decimal. Columns the layer does not describe get only
 * their format.
 */
export function displayColumns(
  plan: AnalysisPlan,
  semantics: WorksheetSemantics,
  formats: ReadonlyMap<string, ValueFormat>,
): Map<string, ColumnDisplay> {
  const columnOf = (name: string | null): ColumnSemantics | undefined =>
    semantics.columns.find((c) => c.name === name);
  const display = new Map<string, ColumnDisplay>();
  const formatOf = (label: string): ValueFormat => formats.get(label) ?? 'number';
  for (const d of plan.dimensions) {
    const source = columnOf(d.column)?.display ?? {};
    const shown: ColumnDisplay = { format: formatOf(d.label) };
    if (d.grain === null) {
      if (source.label) shown.label = source.label;
      if (source.unit) shown.unit = source.unit;
      if (source.decimals !== undefined && ['integer', 'number'].includes(shown.format))
        shown.decimals = source.decimals;
    }
    display.set(d.label, shown);
  }
  plan.measures.forEach((m, index) => {
    const derived = m.arithmetic ? derivedOfMeasure(m, semantics.columns, '') : undefined;
    const column = derived ?? columnOf(m.column);
    const source = column?.display ?? {};
    const format = formatOf(m.label);
    const shown: ColumnDisplay = { format };
    if (derived?.derived) {
      // "Average profit (worldwide gross − budget)": each column by the layer's label.
      const { left, right } = derived.derived;
      const names = [left, right].sort((a, b) => b.name.length - a.name.length);
      const label = names.reduce(
        (text, c) => text.replaceAll(c.name, inline(c.display.label ?? c.name)),
        m.label,
      );
      if (label !== m.label) shown.label = label;
    } else if (m.column && source.label && m.label.includes(m.column))
      shown.label = m.label.replace(m.column, inline(source.label));
    if (m.aggregation === 'count' || m.aggregation === 'count_distinct') {
      shown.decimals = 0;
    } else {
      // A variance is in the unit squared, which is left unsaid.
      if (source.unit && m.aggregation !== 'variance') shown.unit = source.unit;
      if (source.decimals !== undefined) {
        const wholeColumn = column?.format === 'integer' && source.decimals === 0;
        const fractional = ['avg', 'stddev', 'variance'].includes(m.aggregation);
        shown.decimals = fractional && wholeColumn ? 1 : source.decimals;
        if (fractional && wholeColumn) shown.format = 'number';
      }
    }
    display.set(m.label, shown);
    if (index === 0) {
      const difference = plan.calculation?.kind === 'difference' ? plan.calculation : null;
      const related = [
        'Change',
        ...(difference ? [`Difference from ${String(difference.b)}`] : []),
      ];
      for (const label of related) display.set(label, { ...shown, label });
      // A change between two periods: the measure in each, as the measure reads ("Average
      // life expectancy in 1955").
      const [from, to] = changeBetweenLabels(plan);
      for (const label of from && to ? [from, to] : [])
        display.set(label, { ...shown, label: label.replace(m.label, shown.label ?? m.label) });
    }
  });
  const shape = plan.shape;
  if (shape) {
    shapeLabels(plan).forEach((label, i) => {
      if (display.has(label)) return;
      if (label === 'Count' || label === 'Rows in data') {
        display.set(label, { format: 'integer', decimals: 0 });
        return;
      }
      if (label === 'Correlation') {
        display.set(label, { label: "Pearson's r", format: 'number', decimals: 3 });
        return;
      }
      const name = shape.kind === 'scatter' ? (i === 0 ? shape.x : shape.y) : shape.column;
      const source = columnOf(name)?.display ?? {};
      const shown: ColumnDisplay = { format: formatOf(label) };
      if (source.label)
        shown.label = label.replace(
          name,
          shape.kind === 'scatter' ? source.label : inline(source.label),
        );
      if (source.unit) shown.unit = source.unit;
      if (source.decimals !== undefined)
        shown.decimals = shape.kind === 'scatter' ? source.decimals : Math.max(source.decimals, 1);
      display.set(label, shown);
    });
  }
  display.set('Share of total', { format: 'percent', decimals: 1 });
  if (plan.calculation?.kind === 'share_where')
    display.set('Share', { format: 'percent', decimals: 1 });
  display.set('Change %', { format: 'percent', decimals: 1 });
  return display;
}

/** The answer's table columns with their display fields (SPEC 4). */
export function withDisplay(
  columns: ReadonlyArray<{ name: string; type: AnswerColumn['type'] }>,
  display: ReadonlyMap<string, ColumnDisplay>,
): AnswerColumn[] {
  return columns.map((column) => {
    const shown = display.get(column.name);
    if (!shown) return { ...column };
    return {
      ...column,
      ...(shown.label ? { label: shown.label } : {}),
      ...(shown.unit ? { unit: shown.unit } : {}),
      format: shown.format,
      ...(shown.decimals === undefined ? {} : { decimals: shown.decimals }),
    };
  });
}
