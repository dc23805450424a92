import { useEffect, useState } from 'react';
import { api, ApiFailure } from '../api.js';
import { DataTable, type TableColumn } from '../components/data-table.js';
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

type Member = AdminResponse['members'][number];

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
  const state = useApi<AdminResponse>('/api/admin', version);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = 'Admin · Ask Analyst';
  }, []);

  if (state.kind === 'not-found') return <NotFoundPage />;
  if (state.kind === 'error') return <p role="alert">{state.message}</p>;
  if (state.kind !== 'ready') return <p aria-busy="true">Loading…</p>;
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
  const setRole = (member: Member, workspaceId: string, to: string) => {
    const workspace = data.workspaces.find((w) => w.id === workspaceId)?.name ?? '';
    const path = `/api/admin/workspaces/${encodeURIComponent(workspaceId)}/members/${encodeURIComponent(member.userId)}`;
    return to === ''
      ? act(`${member.email} removed from ${workspace}.`, path, 'DELETE')
      : act(`${member.email} is now ${to} in ${workspace}.`, path, 'PUT', { role: to });
  };

  return (
    <section aria-busy={busy}>
      <h1>Admin · {data.organization.name}</h1>
      <p aria-live="polite" role={message?.kind === 'error' ? 'alert' : 'status'}>
        {message?.text ?? ''}
      </p>

      <h2>Members</h2>
      <DataTable
        label="Members"
        testId="members"
        rows={data.members}
        rowKey={(member) => member.userId}
        rowData={(member) => ({ 'data-testid': 'member', 'data-email': member.email })}
        columns={[
          {
            header: 'Member',
            rowHeader: true,
            cell: (member) => (
              <>
                {member.name}
                <br />
                <span className="meta">
                  {member.email}
                  {member.owner ? ' · owner' : ''}
                  {member.userId === data.you ? ' · you' : ''}
                </span>
              </>
            ),
          },
          {
            header: 'Access',
            testId: 'member-status',
            cell: (member) => {
              const self = member.userId === data.you;
              return (
                <>
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
                </>
              );
            },
          },
          ...data.workspaces.map((workspace): TableColumn<Member> => ({
            header: workspace.name,
            key: workspace.id,
            cell: (member) => (
              <select
                aria-label={`Role of ${member.email} in ${workspace.name}`}
                data-testid="member-role"
                data-workspace={workspace.name}
                value={member.roles.find((r) => r.workspaceId === workspace.id)?.role ?? ''}
                disabled={busy || member.userId === data.you}
                onChange={(event) => void setRole(member, workspace.id, event.target.value)}
              >
                <option value="">No role</option>
                <option value="viewer">viewer</option>
                <option value="analyst">analyst</option>
                <option value="admin">admin</option>
              </select>
            ),
          })),
        ]}
      />

      <h2>Audit</h2>
      {data.audit.length === 0 ? (
        <p>No actions recorded yet.</p>
      ) : (
        <DataTable
          label="Audit"
          testId="audit"
          rows={data.audit}
          rowKey={(entry) => entry.id}
          rowData={(entry) => ({ 'data-testid': 'audit-entry', 'data-action': entry.action })}
          columns={[
            {
              header: 'When',
              cell: (entry) => (
                <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
              ),
            },
            { header: 'Who', cell: (entry) => entry.actor },
            {
              header: 'What',
              cell: (entry) => (
                <>
                  {ACTIONS[entry.action] ?? entry.action}
                  {entry.workspace ? ` in ${entry.workspace}` : ''}
                  {entry.role ? ` to ${entry.role}` : ''}
                </>
              ),
            },
            { header: 'Whom', cell: (entry) => entry.target },
          ]}
        />
      )}

      <h2>Agent usage</h2>
      <p>Tool calls by member, client and tool (counts only, never arguments).</p>
      {data.usage.length === 0 ? (
        <p>No tool calls yet.</p>
      ) : (
        <DataTable
          label="Agent usage"
          testId="usage"
          rows={data.usage}
          rowKey={(row) => `${row.userId} ${row.clientId ?? ''} ${row.tool}`}
          rowData={(row) => ({
            'data-testid': 'usage-row',
            'data-email': row.email,
            'data-client': row.clientId ?? '',
            'data-tool': row.tool,
          })}
          columns={[
            { header: 'Member', cell: (row) => row.email },
            { header: 'Client', cell: (row) => row.clientId ?? '' },
            { header: 'Tool', cell: (row) => row.tool },
            { header: 'Calls', numeric: true, testId: 'usage-calls', cell: (row) => row.calls },
            { header: 'Errors', numeric: true, cell: (row) => row.errors },
          ]}
        />
      )}
    </section>
  );
}
