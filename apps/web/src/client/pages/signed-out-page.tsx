import { useEffect } from 'react';

/** After sign-out, or a sign-in that did not complete (its reason shown as text). */
export function SignedOutPage({ message }: { message: string | null }) {
  useEffect(() => {
    document.title = 'Signed out · Ask Analyst';
  }, []);
  return (
    <>
      <header className="top">
        <span className="brand">Ask Analyst</span>
      </header>
      <main id="main">
        <h1>{message ? 'Not signed in' : 'Signed out'}</h1>
        {message ? (
          <p role="alert" data-testid="sign-in-error">
            {message}
          </p>
        ) : (
          <p>You are signed out of Ask Analyst.</p>
        )}
        <p>
          <a href="/auth/login?returnTo=%2F">Sign in</a>
        </p>
      </main>
    </>
  );
}
