import type { Filter, FilterOp, ReadWorksheetOutput } from '@ask-analyst/protocol';
import { useEffect, useState, type FormEvent } from 'react';
import { formText } from '../form-field.js';
import { api, ApiFailure } from '../api.js';
import { Link } from '../router.js';
import { useApi } from '../use-api.js';
import { NotFoundPage } from './not-found-page.js';
import type { ColumnInfo } from './workbook-page.js';
import { WorksheetStatistics } from './worksheet-statistics.js';

interface WorksheetResponse {
  worksheet: {
    id: string;
    name: string;
    description: string;
    rowCount: number;
    workbook: { id: string; name: string };
    columns: ColumnInfo[];
  };
}

const PAGE = 50;
const OPS: Array<{ op: FilterOp; label: string }> = [
  { op: 'eq', label: 'equals' },
  { op: 'ne', label: 'does not equal' },
  { op: 'lt', label: 'less than' },
  { op: 'lte', label: 'at most' },
  { op: 'gt', label: 'greater than' },
  { op: 'gte', label: 'at least' },
  { op: 'in', label: 'is one of (comma-separated)' },
  { op: 'contains', label: 'contains' },
  { op: 'is_null', label: 'is empty' },
  { op: 'not_null', label: 'is not empty' },
];

/** A typed filter value from what was typed (numbers for numeric columns, lists for `in`). */
function filterValue(column: ColumnInfo | undefined, op: FilterOp, text: string): unknown {
  if (op === 'is_null' || op === 'not_null') return undefined;
  const one = (item: string): unknown => {
    if (column?.type === 'integer' || column?.type === 'number') {
      const number = Number(item);
      return Number.isFinite(number) && item.trim() !== '' ? number : item;
    }
    if (column?.type === 'boolean') return item === 'true';
    return item;
  };
  return op === 'in' ? text.split(',').map((item) => one(item.trim())) : one(text);
}

/** `/worksheets/:id`: the rows, paged, sortable and filterable with the `read_worksheet` rules. */
export function WorksheetPage({ id }: { id: string }) {
  const state = useApi<WorksheetResponse>(`/api/worksheets/${encodeURIComponent(id)}`);
  const [filters, setFilters] = useState<Filter[]>([]);
  const [sort, setSort] = useState<{ column: string; direction: 'asc' | 'desc' } | null>(null);
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const [page, setPage] = useState<ReadWorksheetOutput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cursor = cursors[cursors.length - 1] ?? null;

  useEffect(() => {
    if (state.kind === 'ready') document.title = `${state.data.worksheet.name} · Ask Analyst`;
  }, [state]);

  useEffect(() => {
    if (state.kind !== 'ready') return;
    const controller = new AbortController();
    setError(null);
    api<ReadWorksheetOutput>(`/api/worksheets/${encodeURIComponent(id)}/rows`, {
      method: 'POST',
      body: {
        limit: PAGE,
        ...(filters.length > 0 ? { filters } : {}),
        ...(sort ? { sort: [sort] } : {}),
        ...(cursor ? { cursor } : {}),
      },
      signal: controller.signal,
    }).then(setPage, (failure: unknown) => {
      if (!controller.signal.aborted) {
        setError(failure instanceof ApiFailure ? failure.message : 'The rows could not be read.');
      }
    });
    return () => controller.abort();
  }, [id, state.kind, filters, sort, cursor]);

  if (state.kind === 'not-found') return <NotFoundPage />;
  if (state.kind === 'loading') return <p aria-busy="true">Loading…</p>;
  if (state.kind === 'error') return <p role="alert">{state.message}</p>;
  const { worksheet } = state.data;
  const byName = new Map(worksheet.columns.map((column) => [column.name, column]));

  const restart = () => setCursors([null]);
  const toggleSort = (column: string) => {
    setSort((current) =>
      current?.column !== column
        ? { column, direction: 'asc' }
        : current.direction === 'asc'
          ? { column, direction: 'desc' }
          : null,
    );
    restart();
  };
  const addFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const column = formText(form, 'column');
    const op = formText(form, 'op') as FilterOp;
    const value = filterValue(byName.get(column), op, formText(form, 'value'));
    setFilters((current) => [
      ...current,
      { column, op, ...(value === undefined ? {} : { value }) } as Filter,
    ]);
    restart();
  };
  const start = (cursors.length - 1) * PAGE;

  return (
    <section>
      <p className="crumbs">
        <Link href="/">Workbooks</Link> ·{' '}
        <Link href={`/workbooks/${worksheet.workbook.id}`}>{worksheet.workbook.name}</Link>
      </p>
      <h1>{worksheet.name}</h1>
      {worksheet.description && <p>{worksheet.description}</p>}
      <WorksheetStatistics id={worksheet.id} columns={worksheet.columns} />
      <h2>Rows</h2>
      <form className="filter" onSubmit={addFilter} aria-label="Add a filter">
        <label>
          Column
          <select name="column">
            {worksheet.columns.map((column) => (
              <option key={column.name} value={column.name}>
                {column.label ?? column.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Condition
          <select name="op">
            {OPS.map(({ op, label }) => (
              <option key={op} value={op}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Value
          <input name="value" type="text" />
        </label>
        <button type="submit">Add filter</button>
      </form>
      {filters.length > 0 && (
        <ul className="chips" aria-label="Filters">
          {filters.map((filter, index) => (
            <li key={index}>
              {byName.get(filter.column)?.label ?? filter.column} {filter.op}{' '}
              {filter.value === undefined ? '' : JSON.stringify(filter.value)}
              <button
                type="button"
                className="link"
                aria-label={`Remove filter on ${filter.column}`}
                onClick={() => {
                  setFilters((current) => current.filter((_, i) => i !== index));
                  restart();
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <p role="alert">{error}</p>}
      {page && (
        <>
          <p className="meta" data-testid="row-count">
            {page.totalRows === 0
              ? 'No rows match.'
              : `Rows ${(start + 1).toLocaleString('en-US')}–${(start + page.rows.length).toLocaleString('en-US')} of ${page.totalRows.toLocaleString('en-US')}`}
          </p>
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Rows">
            <table data-testid="rows">
              <thead>
                <tr>
                  {page.columns.map((column) => {
                    const info = byName.get(column.name);
                    const sorted = sort?.column === column.name ? sort.direction : null;
                    return (
                      <th
                        key={column.name}
                        scope="col"
                        aria-sort={
                          sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'
                        }
                      >
                        <button
                          type="button"
                          className="link"
                          onClick={() => toggleSort(column.name)}
                        >
                          {info?.label ?? column.name}
                          {info?.unit ? ` (${info.unit})` : ''}
                          {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                        </button>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {page.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((value, c) => (
                      <td key={c} className={typeof value === 'number' ? 'num' : undefined}>
                        {value === null ? '' : String(value)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label="Pages">
            <button
              type="button"
              disabled={cursors.length <= 1}
              onClick={() => setCursors((c) => c.slice(0, -1))}
            >
              Previous
            </button>
            <button
              type="button"
              disabled={!page.nextCursor}
              onClick={() => page.nextCursor && setCursors((c) => [...c, page.nextCursor])}
            >
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
