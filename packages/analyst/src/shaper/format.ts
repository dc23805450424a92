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

/** A value as the summary writes it: `124,711`, `47.29`, `$47,287,353`, `12.5%`. */
export function formatValue(value: Cell, format: ValueFormat): string {
  if (value === null) return 'empty';
  if (typeof value !== 'number' || format === 'text') return String(value);
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
