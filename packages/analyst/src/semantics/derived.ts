import type { ArithmeticOp, PlanMeasure, ValueFormat } from '@ask-analyst/protocol';
import type { ColumnSemantics } from './worksheet.js';

/** How an operation is written in a label (`Worldwide Gross − Production Budget`). */
export const OP_SYMBOL: Record<ArithmeticOp, string> = {
  minus: '−',
  plus: '+',
  times: '×',
  divided_by: '/',
};

/** How an operation is said (`Worldwide Gross minus Production Budget`). */
export const OP_WORDS: Record<ArithmeticOp, string> = {
  minus: 'minus',
  plus: 'plus',
  times: 'times',
  divided_by: 'divided by',
};

/** The formula of two columns as a label writes it: `Worldwide Gross − Production Budget`. */
export function formulaOf(op: ArithmeticOp, left: string, right: string): string {
  return `${left} ${OP_SYMBOL[op]} ${right}`;
}

/**
 * The name a derived measure goes by in labels: the formula, after the question's own word for it
 * when it gave one (`profit (Worldwide Gross − Production Budget)`).
 */
export function derivedName(
  op: ArithmeticOp,
  left: string,
  right: string,
  named: string | null,
): string {
  const formula = formulaOf(op, left, right);
  return named ? `${named} (${formula})` : formula;
}

/** The question's word for a derived measure, read back from its name (null when it gave none). */
export function namedOf(
  name: string,
  op: ArithmeticOp,
  left: string,
  right: string,
): string | null {
  const formula = formulaOf(op, left, right);
  const suffix = ` (${formula})`;
  return name.endsWith(suffix) && name.length > suffix.length
    ? name.slice(0, -suffix.length)
    : null;
}

/**
 * A measure made of two numeric columns row by row ("worldwide gross minus budget"): a measure, never
 * a grouping; a difference or sum of two amounts keeps their unit and is added up by default like
 * them, a product or ratio has no unit of the layer's and is averaged.
 */
export function deriveColumn(
  op: ArithmeticOp,
  left: ColumnSemantics,
  right: ColumnSemantics,
  named: string | null,
): ColumnSemantics {
  const additive = op === 'minus' || op === 'plus';
  const sameFormat = left.format === right.format;
  const format: ValueFormat = additive && sameFormat ? left.format : 'number';
  const unit =
    additive && left.display.unit && left.display.unit === right.display.unit
      ? left.display.unit
      : undefined;
  const label = (c: ColumnSemantics) => c.display.label ?? c.name;
  const name = derivedName(op, left.name, right.name, named);
  const decimals =
    additive && left.display.decimals !== undefined && right.display.decimals !== undefined
      ? Math.max(left.display.decimals, right.display.decimals)
      : undefined;
  return {
    name,
    type: additive && left.type === 'integer' && right.type === 'integer' ? 'integer' : 'number',
    role: 'measure',
    discrete: false,
    defaultAggregation:
      op !== 'divided_by' && left.defaultAggregation === 'sum' && right.defaultAggregation === 'sum'
        ? 'sum'
        : 'avg',
    format,
    phrases: [],
    twin: null,
    profile: { name, type: 'number', nullCount: 0, distinctCount: 0 },
    display: {
      label: derivedName(op, label(left), label(right), named),
      ...(unit ? { unit } : {}),
      ...(decimals !== undefined ? { decimals } : {}),
    },
    derived: { op, left, right, named },
  };
}

/** The derived column a plan's measure measures, when it combines two columns of `columns`. */
export function derivedOfMeasure(
  measure: PlanMeasure,
  columns: readonly ColumnSemantics[],
  aggregationWord: string,
): ColumnSemantics | undefined {
  const arithmetic = measure.arithmetic;
  if (!arithmetic || measure.column === null) return undefined;
  const left = columns.find((c) => c.name === measure.column);
  const right = columns.find((c) => c.name === arithmetic.column);
  if (!left || !right) return undefined;
  const prefix = `${aggregationWord} `;
  const name = measure.label.startsWith(prefix) ? measure.label.slice(prefix.length) : '';
  return deriveColumn(
    arithmetic.op,
    left,
    right,
    namedOf(name, arithmetic.op, left.name, right.name),
  );
}
