import type { Cell, ValueFormat } from '@ask-analyst/protocol';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const small = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const currency = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

const fixed = new Map<string, Intl.NumberFormat>();

/** A number with exactly `decimals` digits after the point, in a format's style. */
function withDecimals(value: number, format: ValueFormat, decimals: number): string {
  const key = `${format}|${decimals}`;
  let formatter = fixed.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      ...(format === 'percent' ? { style: 'percent' } : {}),
      ...(format === 'currency' ? { style: 'currency', currency: 'USD' } : {}),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    fixed.set(key, formatter);
  }
  return formatter.format(value);
}

/**
 * A value as the summary writes it: `124,711`, `47.29`, `$47,287,353`, `12.5%`; with the semantic
 * layer's `decimals`, exactly that many digits after the point (as the table and chart show it).
 */
export function formatValue(value: Cell, format: ValueFormat, decimals?: number): string {
  if (value === null) return 'empty';
  if (typeof value !== 'number' || format === 'text') return String(value);
  if (decimals !== undefined && format !== 'date' && format !== 'timestamp')
    return withDecimals(value, format, decimals);
  switch (format) {
    case 'integer':
      return Number.isInteger(value) ? integer.format(value) : decimal.format(value);
    case 'percent':
      return percent.format(value);
    case 'currency':
      return Math.abs(value) >= 100_000 || Number.isInteger(value)
        ? currency.format(value)
        : `${value < 0 ? '-' : ''}$${decimal.format(Math.abs(value))}`;
    default:
      // Small values keep their first significant digits: 0.00106, not 0.
      return value !== 0 && Math.abs(value) < 0.01 ? small.format(value) : decimal.format(value);
  }
}
