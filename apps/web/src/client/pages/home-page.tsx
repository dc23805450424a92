import type { ListWorkbooksOutput } from '@ask-analyst/protocol';
import { useEffect } from 'react';
import type { SessionInfo } from '../api.js';
import { Link } from '../router.js';
import { useApi } from '../use-api.js';

/** `/`: the workspaces and workbooks the user can read. */
export function HomePage({ session }: { session: SessionInfo }) {
  const state = useApi<ListWorkbooksOutput>('/api/workbooks?limit=100');
  useEffect(() => {
    document.title = 'Workbooks · Ask Analyst';
  }, []);
  return (
    <section>
      <h1>Workbooks</h1>
      {session.workspaces.length === 0 && <p>You have no role in any workspace yet.</p>}
      {state.kind === 'loading' && <p aria-busy="true">Loading…</p>}
      {state.kind === 'error' && <p role="alert">{state.message}</p>}
      {state.kind === 'ready' &&
        session.workspaces.map((workspace) => {
          const workbooks = state.data.workbooks.filter((wb) => wb.workspace.id === workspace.id);
          return (
            <section key={workspace.id} className="workspace" data-testid="workspace">
              <h2>
                {workspace.name} <span className="role">{workspace.role}</span>
              </h2>
              {workbooks.length === 0 ? (
                <p>No workbooks.</p>
              ) : (
                <ul className="cards">
                  {workbooks.map((wb) => (
                    <li key={wb.id} data-testid="workbook">
                      <Link href={`/workbooks/${wb.id}`}>{wb.name}</Link>
                      <p>{wb.description}</p>
                      <p className="meta">
                        {wb.worksheetCount} worksheet{wb.worksheetCount === 1 ? '' : 's'} · owned by{' '}
                        {wb.owner.name}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
    </section>
  );
}
