import type { AnswerTable as AnswerTableData } from '@ask-analyst/protocol';
import { useMemo, useState } from 'react';
import { formatValue, type ValueStyle } from '../format/format-value.js';
import { sortRows, type TableSort } from './sort-rows.js';

export const PAGE_SIZE = 25;

export interface AnswerTableProps {
  table: AnswerTableData;
  /** How each column's values are written, by column name. */
  styles: ReadonlyMap<string, ValueStyle>;
  locale?: string;
  caption: string;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The answer's rows as a table: sortable columns (click or Enter on a header cycles ascending,
 * descending, answer order) and pages of 25 rows. Values are written as text only.
 */
export function AnswerTable({ table, styles, locale, caption }: AnswerTableProps) {
  const [sort, setSort] = useState<TableSort | null>(null);
  const [page, setPage] = useState(0);
  const type = sort ? (table.columns[sort.column]?.type ?? 'string') : 'string';
  const rows = useMemo(
    () => sortRows(table.rows, sort, type, locale),
    [table.rows, sort, type, locale],
  );
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const first = current * PAGE_SIZE;
  const visible = rows.slice(first, first + PAGE_SIZE);

  const cycle = (column: number) => {
    setPage(0);
    setSort((previous) => {
      if (previous?.column !== column) return { column, direction: 'asc' };
      return previous.direction === 'asc' ? { column, direction: 'desc' } : null;
    });
  };

  return (
    <section className="table-section" aria-label="Result table">
      <div
        className="table-scroll"
        tabIndex={0}
        role="region"
        aria-label={`${caption}, scrollable`}
      >
        <table data-testid="answer-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {table.columns.map((column, index) => {
                const direction = sort?.column === index ? sort.direction : null;
                const numeric = column.type === 'integer' || column.type === 'number';
                return (
                  <th
                    key={index}
                    scope="col"
                    aria-sort={direction ? ARIA_SORT[direction] : 'none'}
                    className={numeric ? 'numeric' : undefined}
                  >
                    <button type="button" className="sort-button" onClick={() => cycle(index)}>
                      <span className="column-label">{column.label ?? column.name}</span>
                      {column.unit && !styles.get(column.name)?.currency ? (
                        <span className="column-unit"> ({column.unit})</span>
                      ) : null}
                      <span aria-hidden="true" className="sort-mark">
                        {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {visible.length === 0 ? (
              <tr>
                <td colSpan={Math.max(1, table.columns.length)} className="empty-row">
                  No rows match this question.
                </td>
              </tr>
            ) : (
              visible.map((row, r) => (
                <tr key={first + r}>
                  {table.columns.map((column, c) => {
                    const value = row[c] ?? null;
                    const numeric = column.type === 'integer' || column.type === 'number';
                    const style = styles.get(column.name) ?? { format: 'text' as const };
                    const dated = column.type === 'date' || column.type === 'timestamp';
                    const classes = [
                      numeric ? 'numeric' : '',
                      dated ? 'nowrap' : '',
                      value === null ? 'null-cell' : '',
                    ]
                      .filter(Boolean)
                      .join(' ');
                    return (
                      <td key={c} className={classes || undefined}>
                        {value === null ? (
                          <span aria-label="empty">{formatValue(value, style, locale)}</span>
                        ) : (
                          <span className="cell-text">{formatValue(value, style, locale)}</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="table-footer">
        <p className="muted" aria-live="polite">
          {rows.length === 0
            ? '0 rows'
            : `Rows ${(first + 1).toLocaleString(locale)}–${(first + visible.length).toLocaleString(locale)} of ${rows.length.toLocaleString(locale)}`}
          {table.truncated
            ? ` (the full result has ${table.rowCount.toLocaleString(locale)} rows; the first ${table.rows.length.toLocaleString(locale)} are shown)`
            : ''}
        </p>
        {pages > 1 ? (
          <nav className="pager" aria-label="Table pages">
            <button type="button" onClick={() => setPage(current - 1)} disabled={current === 0}>
              Previous
            </button>
            <span>
              Page {current + 1} of {pages}
            </span>
            <button
              type="button"
              onClick={() => setPage(current + 1)}
              disabled={current >= pages - 1}
            >
              Next
            </button>
          </nav>
        ) : null}
      </div>
    </section>
  );
}
