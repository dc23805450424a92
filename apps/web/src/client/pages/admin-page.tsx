import { useEffect, useState } from 'react';
import { api, ApiFailure } from '../api.js';
import { useApi } from '../use-api.js';
import { NotFoundPage } from './not-found-page.js';

type Role = 'viewer' | 'analyst' | 'admin';

interface AdminResponse {
  organization: { id: string; name: string };
  you: string;
  workspaces: Array<{ id: string; name: string }>;
  members: Array<{
    userId: string;
    email: string;
    name: string;
    status: 'active' | 'revoked';
    owner: boolean;
    roles: Array<{ workspaceId: string; workspaceName: string; role: Role }>;
  }>;
  audit: Array<{
    id: number;
    at: string;
    actor: string;
    action: string;
    target: string;
    workspace?: string;
    role?: string;
  }>;
  usage: Array<{
    userId: string;
    email: string;
    clientId: string | null;
    tool: string;
    calls: number;
    errors: number;
  }>;
}

const ACTIONS: Record<string, string> = {
  'user.revoke': 'revoked access',
  'user.restore': 'restored access',
  'user.invalidate_tokens': 'invalidated tokens',
  'member.role': 'changed role',
  'member.remove': 'removed from workspace',
};

/**
 * `/admin` for the organization's owners (SPEC section 9): members and their roles per workspace,
 * Revoke access / Restore access, the audit of these actions and the agent usage. Anyone else
 * sees the "not found" page (the API answers 404).
 */
export function AdminPage() {
  const [version, setVersion] = useState(0);
  const state = useApi<AdminResponse>(`/api/admin?v=${version}`);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = 'Admin · Ask Analyst';
  }, []);

  if (state.kind === 'not-found') return <NotFoundPage />;
  if (state.kind === 'error') return <p role="alert">{state.message}</p>;
  if (state.kind === 'loading' && version === 0) return <p aria-busy="true">Loading…</p>;
  if (state.kind !== 'ready') return <p aria-busy="true">Updating…</p>;
  const data = state.data;

  const act = async (done: string, path: string, method: string, body?: unknown) => {
    setBusy(true);
    setMessage(null);
    try {
      await api(path, { method, ...(body === undefined ? {} : { body }) });
      setMessage({ kind: 'ok', text: done });
    } catch (error) {
      setMessage({
        kind: 'error',
        text: error instanceof ApiFailure ? error.message : 'That did not work. Try again.',
      });
    } finally {
      setBusy(false);
      setVersion((v) => v + 1);
    }
  };
  const setRole = (member: AdminResponse['members'][number], workspaceId: string, to: string) => {
    const workspace = data.workspaces.find((w) => w.id === workspaceId)?.name ?? '';
    const path = `/api/admin/workspaces/${encodeURIComponent(workspaceId)}/members/${encodeURIComponent(member.userId)}`;
    return to === ''
      ? act(`${member.email} removed from ${workspace}.`, path, 'DELETE')
      : act(`${member.email} is now ${to} in ${workspace}.`, path, 'PUT', { role: to });
  };

  return (
    <section>
      <h1>Admin · {data.organization.name}</h1>
      <p aria-live="polite" role={message?.kind === 'error' ? 'alert' : 'status'}>
        {message?.text ?? ''}
      </p>

      <h2>Members</h2>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Members">
        <table data-testid="members">
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Access</th>
              {data.workspaces.map((workspace) => (
                <th scope="col" key={workspace.id}>
                  {workspace.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.members.map((member) => {
              const self = member.userId === data.you;
              return (
                <tr key={member.userId} data-testid="member" data-email={member.email}>
                  <th scope="row">
                    {member.name}
                    <br />
                    <span className="meta">
                      {member.email}
                      {member.owner ? ' · owner' : ''}
                      {self ? ' · you' : ''}
                    </span>
                  </th>
                  <td data-testid="member-status">
                    {member.status === 'active' ? 'Active' : 'Revoked'}{' '}
                    {!self && member.status === 'active' && (
                      <button
                        type="button"
                        data-testid="revoke-access"
                        disabled={busy}
                        onClick={() =>
                          void act(
                            `${member.email}'s access is revoked.`,
                            `/api/admin/members/${encodeURIComponent(member.userId)}/revoke`,
                            'POST',
                          )
                        }
                      >
                        Revoke access
                        <span className="visually-hidden"> of {member.email}</span>
                      </button>
                    )}
                    {!self && member.status === 'revoked' && (
                      <button
                        type="button"
                        data-testid="restore-access"
                        disabled={busy}
                        onClick={() =>
                          void act(
                            `${member.email}'s access is restored; they sign in again.`,
                            `/api/admin/members/${encodeURIComponent(member.userId)}/restore`,
                            'POST',
                          )
                        }
                      >
                        Restore access
                        <span className="visually-hidden"> of {member.email}</span>
                      </button>
                    )}
                  </td>
                  {data.workspaces.map((workspace) => {
                    const role =
                      member.roles.find((r) => r.workspaceId === workspace.id)?.role ?? '';
                    return (
                      <td key={workspace.id}>
                        <select
                          aria-label={`Role of ${member.email} in ${workspace.name}`}
                          data-testid="member-role"
                          data-workspace={workspace.name}
                          value={role}
                          disabled={busy || self}
                          onChange={(event) =>
                            void setRole(member, workspace.id, event.target.value)
                          }
                        >
                          <option value="">No role</option>
                          <option value="viewer">viewer</option>
                          <option value="analyst">analyst</option>
                          <option value="admin">admin</option>
                        </select>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <h2>Audit</h2>
      {data.audit.length === 0 ? (
        <p>No actions recorded yet.</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Audit">
          <table data-testid="audit">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Whom</th>
              </tr>
            </thead>
            <tbody>
              {data.audit.map((entry) => (
                <tr key={entry.id} data-testid="audit-entry" data-action={entry.action}>
                  <td>
                    <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
                  </td>
                  <td>{entry.actor}</td>
                  <td>
                    {ACTIONS[entry.action] ?? entry.action}
                    {entry.workspace ? ` in ${entry.workspace}` : ''}
                    {entry.role ? ` to ${entry.role}` : ''}
                  </td>
                  <td>{entry.target}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>Agent usage</h2>
      <p>Tool calls by member, client and tool (counts only, never arguments).</p>
      {data.usage.length === 0 ? (
        <p>No tool calls yet.</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Agent usage">
          <table data-testid="usage">
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Client</th>
                <th scope="col">Tool</th>
                <th scope="col">Calls</th>
                <th scope="col">Errors</th>
              </tr>
            </thead>
            <tbody>
              {data.usage.map((row) => (
                <tr
                  key={`${row.userId} ${row.clientId ?? ''} ${row.tool}`}
                  data-testid="usage-row"
                  data-email={row.email}
                  data-client={row.clientId ?? ''}
                  data-tool={row.tool}
                >
                  <td>{row.email}</td>
                  <td>{row.clientId ?? ''}</td>
                  <td>{row.tool}</td>
                  <td className="num" data-testid="usage-calls">
                    {row.calls}
                  </td>
                  <td className="num">{row.errors}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
