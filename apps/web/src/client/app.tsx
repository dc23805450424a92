import { useEffect, useState } from 'react';
import { api, ApiFailure, signIn, signOut, useCsrfToken, type SessionInfo } from './api.js';
import { ActivityPage } from './pages/activity-page.js';
import { AdminPage } from './pages/admin-page.js';
import { AskPage } from './pages/ask-page.js';
import { ClientPolicyPage } from './pages/client-policy-page.js';
import { ConnectedAppsPage } from './pages/connected-apps-page.js';
import { ConversationPage } from './pages/conversation-page.js';
import { HistoryPage } from './pages/history-page.js';
import { HomePage } from './pages/home-page.js';
import { NotFoundPage } from './pages/not-found-page.js';
import { SignedOutPage } from './pages/signed-out-page.js';
import { WorkbookPage } from './pages/workbook-page.js';
import { WorksheetPage } from './pages/worksheet-page.js';
import { Link, useLocation } from './router.js';

/** The app: signs in first (coming back to the same deep link), then routes by path. */
export function App() {
  const { path, search } = useLocation();
  const [session, setSession] = useState<SessionInfo | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const signedOutPage = path === '/signed-out';

  useEffect(() => {
    if (signedOutPage) return;
    api<SessionInfo>('/api/session').then(
      (info) => {
        useCsrfToken(info.csrfToken);
        setSession(info);
      },
      (error: unknown) => {
        if (error instanceof ApiFailure && error.status === 401) signIn();
        else setFailed('Ask Analyst cannot be reached. Try again in a moment.');
      },
    );
  }, [signedOutPage]);

  if (signedOutPage) return <SignedOutPage message={search.get('error')} />;
  if (failed)
    return (
      <Shell session={null}>
        <p role="alert">{failed}</p>
      </Shell>
    );
  if (!session)
    return (
      <Shell session={null}>
        <p aria-busy="true">Signing in…</p>
      </Shell>
    );
  return (
    <Shell session={session}>
      <Route path={path} session={session} />
    </Shell>
  );
}

function Route({ path, session }: { path: string; session: SessionInfo }) {
  const [, section, id, extra] = path.split('/');
  if (path === '/settings/connected-apps') return <ConnectedAppsPage />;
  if (path === '/admin/clients') return <ClientPolicyPage />;
  if (extra !== undefined) return <NotFoundPage />;
  if (path === '/') return <HomePage session={session} />;
  if (section === 'history' && id === undefined) return <HistoryPage />;
  if (section === 'ask' && id === undefined) return <AskPage session={session} />;
  if (section === 'activity' && id === undefined) return <ActivityPage />;
  if (section === 'admin' && id === undefined) return <AdminPage />;
  if (section === 'workbooks' && id) return <WorkbookPage id={id} />;
  if (section === 'worksheets' && id) return <WorksheetPage id={id} />;
  if (section === 'conversations' && id)
    return <ConversationPage key={id} id={id} session={session} />;
  return <NotFoundPage />;
}

function Shell({ session, children }: { session: SessionInfo | null; children: React.ReactNode }) {
  const analyst = session?.workspaces.some((w) => w.role !== 'viewer') ?? false;
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <Link href="/" className="brand">
          Ask Analyst
        </Link>
        {session && (
          <nav aria-label="Main">
            <Link href="/">Workbooks</Link>
            <Link href="/history">History</Link>
            {analyst && <Link href="/ask">Ask</Link>}
            <Link href="/settings/connected-apps">Connected apps</Link>
            {session.user.owner && <Link href="/admin/clients">Client policy</Link>}
            <Link href="/activity">Activity</Link>
            {session.user.owner && <Link href="/admin">Admin</Link>}
            <span className="who" title={session.user.email}>
              {session.user.name} · {session.user.organization.name}
            </span>
            <button
              type="button"
              className="link"
              onClick={() => void signOut()}
              data-testid="sign-out"
            >
              Sign out
            </button>
          </nav>
        )}
      </header>
      <main id="main">{children}</main>
    </>
  );
}
