import type { GetWorksheetOutput } from '@ask-analyst/protocol';
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
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Statistics">
          <table data-testid="statistics">
            <thead>
              <tr>
                <th scope="col">Column</th>
                <th scope="col">Type</th>
                <th scope="col">Empty</th>
                <th scope="col">Distinct</th>
                <th scope="col">Minimum</th>
                <th scope="col">Maximum</th>
                <th scope="col">Most frequent</th>
              </tr>
            </thead>
            <tbody>
              {state.data.worksheet.columns.map((column) => (
                <tr key={column.name} data-testid="statistics-row" data-column={column.name}>
                  <th scope="row">{labels.get(column.name) ?? column.name}</th>
                  <td>{column.type}</td>
                  <td className="num">{count(column.nullCount)}</td>
                  <td className="num">{count(column.distinctCount)}</td>
                  <td>{text(column.min)}</td>
                  <td>{text(column.max)}</td>
                  <td>
                    {(column.topValues ?? [])
                      .slice(0, 3)
                      .map((top) => `${text(top.value)} (${count(top.count)})`)
                      .join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
