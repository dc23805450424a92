import { useEffect, type FormEvent } from 'react';
import { formText } from '../form-field.js';
import { DataTable } from '../components/data-table.js';
import { navigate, useLocation } from '../router.js';
import { useApi } from '../use-api.js';

interface ActivityResponse {
  calls: Array<{
    id: number;
    at: string;
    clientId: string | null;
    tool: string;
    outcome: string;
    errorCode: string | null;
    durationMs: number;
    argumentShape: unknown;
  }>;
  truncated: boolean;
  clients: string[];
  tools: string[];
}

const FILTERS = ['clientId', 'tool', 'from', 'to'] as const;

/** The filters of the current address, as the API and the download take them. */
function filterQuery(search: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const name of FILTERS) {
    const value = search.get(name);
    if (value) query.set(name, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * `/activity` ("what agents did as me", SPEC section 9): the user's own tool calls with the shape of
 * their arguments, never a value; filters live in the address, so a filtered view can be linked.
 */
export function ActivityPage() {
  const { search } = useLocation();
  const query = filterQuery(search);
  const state = useApi<ActivityResponse>(`/api/activity${query}`);
  useEffect(() => {
    document.title = 'Activity · Ask Analyst';
  }, []);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = formText(form, name);
      if (value) next.set(name, value);
    }
    const text = next.toString();
    navigate(`/activity${text ? `?${text}` : ''}`);
  };

  const data = state.kind === 'ready' ? state.data : null;
  return (
    <section>
      <h1>Activity</h1>
      <p>
        What agents did as you: every tool call made with your account, with the shape of its
        arguments (their names and types, never their values).
      </p>
      <form
        className="filter"
        onSubmit={apply}
        aria-label="Filter activity"
        key={search.toString()}
      >
        <label>
          Client
          <select name="clientId" defaultValue={search.get('clientId') ?? ''}>
            <option value="">All clients</option>
            {(data?.clients ?? []).map((client) => (
              <option key={client} value={client}>
                {client}
              </option>
            ))}
          </select>
        </label>
        <label>
          Tool
          <select name="tool" defaultValue={search.get('tool') ?? ''}>
            <option value="">All tools</option>
            {(data?.tools ?? []).map((tool) => (
              <option key={tool} value={tool}>
                {tool}
              </option>
            ))}
          </select>
        </label>
        <label>
          From (UTC day)
          <input name="from" type="date" defaultValue={search.get('from') ?? ''} />
        </label>
        <label>
          To (UTC day)
          <input name="to" type="date" defaultValue={search.get('to') ?? ''} />
        </label>
        <button type="submit">Apply</button>
      </form>
      <p>
        <a href={`/api/activity.csv${query}`} download data-testid="activity-csv">
          Download as CSV
        </a>
      </p>
      {state.kind === 'loading' && <p aria-busy="true">Loading…</p>}
      {(state.kind === 'error' || state.kind === 'not-found') && (
        <p role="alert">{state.kind === 'error' ? state.message : 'Not found.'}</p>
      )}
      {data && data.calls.length === 0 && <p>No tool calls match.</p>}
      {data && data.calls.length > 0 && (
        <>
          <p className="meta" data-testid="activity-count">
            {data.truncated
              ? `The newest ${data.calls.length} calls; narrow the filters or download the CSV for more.`
              : `${data.calls.length} call${data.calls.length === 1 ? '' : 's'}`}
          </p>
          <DataTable
            label="Tool calls"
            rows={data.calls}
            rowKey={(call) => call.id}
            rowData={(call) => ({
              'data-testid': 'activity-row',
              'data-tool': call.tool,
              'data-client': call.clientId ?? '',
            })}
            columns={[
              {
                header: 'Time',
                cell: (call) => (
                  <time dateTime={call.at}>{new Date(call.at).toLocaleString()}</time>
                ),
              },
              { header: 'Client', cell: (call) => call.clientId ?? '' },
              { header: 'Tool', cell: (call) => call.tool },
              {
                header: 'Outcome',
                cell: (call) =>
                  call.errorCode ? `${call.outcome} (${call.errorCode})` : call.outcome,
              },
              { header: 'Duration', numeric: true, cell: (call) => `${call.durationMs} ms` },
              {
                header: 'Argument shape',
                cell: (call) => (
                  <code data-testid="argument-shape">{JSON.stringify(call.argumentShape)}</code>
                ),
              },
            ]}
          />
        </>
      )}
    </section>
  );
}
