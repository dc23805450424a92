import { useEffect, useState } from 'react';
import { api } from '../api.js';

/** A client the user has granted, as `/api/connected-apps` lists it. */
interface ConnectedApp {
  clientId: string;
  clientName: string;
  verified: boolean;
  scopes: string[];
  grantedAt: string;
  lastUsedAt: string | null;
}

/**
 * `/settings/connected-apps` (SPEC section 9): the OAuth clients the user has granted; Disconnect
 * revokes that client's grant and tokens, and the others keep working.
 */
export function ConnectedAppsPage() {
  const [apps, setApps] = useState<ConnectedApp[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string>('');
  const [busy, setBusy] = useState<string | null>(null);
  const load = () =>
    api<{ apps: ConnectedApp[] }>('/api/connected-apps').then(
      (answer) => setApps(answer.apps),
      (failure: unknown) => setError((failure as Error).message),
    );
  useEffect(() => {
    document.title = 'Connected apps · Ask Analyst';
    void load();
  }, []);

  const disconnect = async (app: ConnectedApp) => {
    setBusy(app.clientId);
    setError(null);
    try {
      await api(`/api/connected-apps/${encodeURIComponent(app.clientId)}/disconnect`, {
        method: 'POST',
      });
      setStatus(`${app.clientName} is disconnected. It can no longer act as you.`);
      await load();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section>
      <h1>Connected apps</h1>
      <p>
        The apps you let use Ask Analyst as you. Disconnecting one ends its access at once; to use
        it again, connect it from the app.
      </p>
      <p role="status" data-testid="connected-apps-status">
        {status}
      </p>
      {error && <p role="alert">{error}</p>}
      {apps === null && !error && <p aria-busy="true">Loading…</p>}
      {apps?.length === 0 && <p>No app is connected to your account.</p>}
      <ul className="cards">
        {apps?.map((app) => (
          <li key={app.clientId} data-testid="connected-app" data-client-id={app.clientId}>
            <h2>
              {app.clientName}{' '}
              <span className={app.verified ? 'badge' : 'badge warn'}>
                {app.verified ? 'verified' : 'unverified'}
              </span>
            </h2>
            <dl className="facts">
              <dt>Client id</dt>
              <dd>
                <code>{app.clientId}</code>
              </dd>
              <dt>Permissions</dt>
              <dd>{app.scopes.filter((s) => s !== 'openid').join(', ') || 'sign-in only'}</dd>
              <dt>Connected</dt>
              <dd>
                <time dateTime={app.grantedAt}>{new Date(app.grantedAt).toLocaleString()}</time>
              </dd>
              <dt>Last used</dt>
              <dd>
                {app.lastUsedAt ? (
                  <time dateTime={app.lastUsedAt}>{new Date(app.lastUsedAt).toLocaleString()}</time>
                ) : (
                  'never'
                )}
              </dd>
            </dl>
            <button
              type="button"
              data-testid="disconnect"
              disabled={busy !== null}
              onClick={() => void disconnect(app)}
              aria-label={`Disconnect ${app.clientName}`}
            >
              Disconnect
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
