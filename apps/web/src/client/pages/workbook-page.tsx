import type { Workbook } from '@ask-analyst/protocol';
import { useEffect } from 'react';
import { Link } from '../router.js';
import { useApi } from '../use-api.js';
import { NotFoundPage } from './not-found-page.js';

export interface ColumnInfo {
  name: string;
  type: string;
  label?: string;
  unit?: string;
  description?: string;
}

interface WorkbookResponse {
  workbook: Workbook;
  worksheets: Array<{
    id: string;
    name: string;
    description: string;
    rowCount: number;
    columns: ColumnInfo[];
  }>;
}

/** `/workbooks/:id`: the workbook's worksheets with their columns. */
export function WorkbookPage({ id }: { id: string }) {
  const state = useApi<WorkbookResponse>(`/api/workbooks/${encodeURIComponent(id)}`);
  useEffect(() => {
    if (state.kind === 'ready') document.title = `${state.data.workbook.name} · Ask Analyst`;
  }, [state]);
  if (state.kind === 'not-found') return <NotFoundPage />;
  if (state.kind === 'loading') return <p aria-busy="true">Loading…</p>;
  if (state.kind === 'error') return <p role="alert">{state.message}</p>;
  const { workbook, worksheets } = state.data;
  return (
    <section>
      <p className="crumbs">
        <Link href="/">Workbooks</Link> · {workbook.workspace.name}
      </p>
      <h1>{workbook.name}</h1>
      <p>{workbook.description}</p>
      {worksheets.map((sheet) => (
        <section key={sheet.id} className="worksheet" data-testid="worksheet">
          <h2>
            <Link href={`/worksheets/${sheet.id}`}>{sheet.name}</Link>
          </h2>
          <p className="meta">{sheet.rowCount.toLocaleString('en-US')} rows</p>
          {sheet.description && <p>{sheet.description}</p>}
          <details>
            <summary>{sheet.columns.length} columns</summary>
            <ul className="columns">
              {sheet.columns.map((column) => (
                <li key={column.name}>
                  <strong>{column.label ?? column.name}</strong> <code>{column.type}</code>
                  {column.unit ? ` (${column.unit})` : ''}
                  {column.description ? ` — ${column.description}` : ''}
                </li>
              ))}
            </ul>
          </details>
        </section>
      ))}
    </section>
  );
}
