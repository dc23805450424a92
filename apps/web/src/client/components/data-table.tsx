import type { ReactNode } from 'react';

/** One column of a `DataTable`. */
export interface TableColumn<Row> {
  /** The text of the column's header cell (`th scope="col"`). */
  header: string;
  /** The column's React key where headers may repeat (workspace names); by default the header. */
  key?: string;
  /** What the row shows in this column. */
  cell: (row: Row) => ReactNode;
  /** The column names its row: its cells are `th scope="row"`. */
  rowHeader?: boolean;
  /** Right-aligned tabular figures. */
  numeric?: boolean;
  /** `data-testid` of the column's cells. */
  testId?: string;
}

export interface DataTableProps<Row> {
  /** Names the table (a caption read by screen readers) and its scrolling region. */
  label: string;
  columns: ReadonlyArray<TableColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** `data-*` attributes of a row (what the end-to-end tests find rows by). */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  /** `data-testid` of the table. */
  testId?: string;
}

/**
 * A table of records in a keyboard-scrollable region: one header row of column headers, a row per
 * record, and a caption and region label naming it, so each page's tables read the same way.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowData,
  testId,
}: DataTableProps<Row>) {
  const keyOf = (column: TableColumn<Row>) => column.key ?? column.header;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table data-testid={testId}>
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={keyOf(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowData?.(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th scope="row" key={keyOf(column)} data-testid={column.testId}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={keyOf(column)}
                    className={column.numeric ? 'num' : undefined}
                    data-testid={column.testId}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
