import type { GetWorksheetOutput } from '@ask-analyst/protocol';
import { DataTable } from '../components/data-table.js';
import { useApi } from '../use-api.js';
import type { ColumnInfo } from './workbook-page.js';

const count = (n: number) => n.toLocaleString('en-US');
const text = (value: string | number | boolean | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * A worksheet's statistics as the MCP `get_worksheet` tool returns them (the same service
 * function): per column the type, empty and distinct counts, minimum, maximum and top values.
 */
export function WorksheetStatistics({ id, columns }: { id: string; columns: ColumnInfo[] }) {
  const state = useApi<GetWorksheetOutput>(`/api/worksheets/${encodeURIComponent(id)}/statistics`);
  const labels = new Map(columns.map((column) => [column.name, column.label ?? column.name]));
  return (
    <section aria-labelledby="statistics-heading">
      <h2 id="statistics-heading">Statistics</h2>
      {state.kind === 'loading' && <p aria-busy="true">Profiling the worksheet…</p>}
      {(state.kind === 'error' || state.kind === 'not-found') && (
        <p role="alert">The statistics could not be computed.</p>
      )}
      {state.kind === 'ready' && (
        <DataTable
          label="Statistics"
          testId="statistics"
          rows={state.data.worksheet.columns}
          rowKey={(column) => column.name}
          rowData={(column) => ({ 'data-testid': 'statistics-row', 'data-column': column.name })}
          columns={[
            {
              header: 'Column',
              rowHeader: true,
              cell: (column) => labels.get(column.name) ?? column.name,
            },
            { header: 'Type', cell: (column) => column.type },
            { header: 'Empty', numeric: true, cell: (column) => count(column.nullCount) },
            { header: 'Distinct', numeric: true, cell: (column) => count(column.distinctCount) },
            { header: 'Minimum', cell: (column) => text(column.min) },
            { header: 'Maximum', cell: (column) => text(column.max) },
            {
              header: 'Most frequent',
              cell: (column) =>
                (column.topValues ?? [])
                  .slice(0, 3)
                  .map((top) => `${text(top.value)} (${count(top.count)})`)
                  .join(', '),
            },
          ]}
        />
      )}
    </section>
  );
}
