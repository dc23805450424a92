import { createWebSignIn, takeWebSignIn, type Database } from '@ask-analyst/workspace';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebConfig } from '../config.js';
import { cookieHeader, readCookie, sessionCookieName, signInCookieName } from './cookies.js';
import { signInChecks, type SignInProvider } from './oidc.js';
import { safeReturnPath } from './return-path.js';
import type { WebSessions } from './session.js';

/** How long a sign-in may take between leaving for the provider and coming back. */
const SIGN_IN_SECONDS = 10 * 60;

export interface AuthRoutesOptions {
  config: WebConfig;
  db: Database;
  provider: SignInProvider;
  sessions: WebSessions;
}

/**
 * Sign-in and sign-out (SPEC section 9): `/auth/login` sends the browser to the provider with a
 * fresh state, nonce and PKCE verifier kept server-side and bound to the browser by a short-lived
 * cookie; `/auth/callback` checks them, starts a new session (a new id every sign-in) and opens the
 * return path (same-origin only); `/auth/logout` ends the session here, then at the provider
 * (RP-initiated logout).
 */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const { config, db, provider, sessions } = options;
  const secure = config.secureCookies;
  const sessionCookie = sessionCookieName(secure);
  const signInCookie = signInCookieName(secure);

  app.get(
    '/auth/login',
    async (request: FastifyRequest<{ Querystring: { returnTo?: string } }>, reply) => {
      const returnTo = safeReturnPath(request.query.returnTo, config.appUrl);
      const checks = await signInChecks();
      await createWebSignIn(db, checks.state, {
        codeVerifier: checks.codeVerifier,
        nonce: checks.nonce,
        returnTo,
      });
      const url = await provider.authorizationUrl(checks);
      return reply
        .header(
          'set-cookie',
          cookieHeader(signInCookie, checks.state, { secure, maxAgeSeconds: SIGN_IN_SECONDS }),
        )
        .header('cache-control', 'no-store')
        .redirect(url.href, 303);
    },
  );

  app.get('/auth/callback', async (request, reply) => {
    const callbackUrl = new URL(request.url, config.appUrl);
    const state = callbackUrl.searchParams.get('state') ?? '';
    const bound = readCookie(request.headers.cookie, signInCookie);
    const clearSignIn = cookieHeader(signInCookie, '', { secure, maxAgeSeconds: 0 });
    // The state must be the one this browser was sent with (RFC 6749 section 10.12).
    const pending =
      state && bound === state ? await takeWebSignIn(db, state, SIGN_IN_SECONDS) : null;
    if (!pending) return signInFailed(reply, clearSignIn, 'This sign-in link has expired.');
    if (callbackUrl.searchParams.has('error')) {
      const description = callbackUrl.searchParams.get('error_description');
      return signInFailed(reply, clearSignIn, description ?? 'The sign-in was refused.');
    }
    let signedIn: { userId: string; idToken: string | null };
    try {
      signedIn = await provider.signIn(callbackUrl, {
        state,
        nonce: pending.nonce,
        codeVerifier: pending.codeVerifier,
      });
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in failed at the token endpoint');
      return signInFailed(reply, clearSignIn, 'The sign-in could not be completed.');
    }
    // A session the browser already had is ended: the new sign-in gets a new id.
    const previous = readCookie(request.headers.cookie, sessionCookie);
    if (previous) await sessions.end(previous);
    const id = await sessions.create(signedIn.userId, signedIn.idToken);
    return reply
      .header('set-cookie', [
        clearSignIn,
        cookieHeader(sessionCookie, id, { secure, maxAgeSeconds: config.session.maxSeconds }),
      ])
      .header('cache-control', 'no-store')
      .redirect(pending.returnTo, 303);
  });

  app.post('/auth/logout', async (request, reply) => {
    const session = request.webSession;
    const idToken = session ? await sessions.end(session.id) : null;
    const location = (await provider.endSessionUrl(idToken)).href;
    return reply
      .header('set-cookie', cookieHeader(sessionCookie, '', { secure, maxAgeSeconds: 0 }))
      .send({ location });
  });
}

/** Back to the sign-in page with what went wrong, as a query the page shows as text. */
function signInFailed(reply: FastifyReply, clearCookie: string, message: string) {
  const params = new URLSearchParams({ error: message.slice(0, 300) });
  return reply.header('set-cookie', clearCookie).redirect(`/signed-out?${params.toString()}`, 303);
}
