import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readCookie, sessionCookieName } from '../auth/cookies.js';
import { CSRF_HEADER, csrfAllows } from '../auth/csrf.js';
import type { WebSession, WebSessions } from '../auth/session.js';
import { sendApiError } from './api-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's session, on `/api` and `/auth/logout`; null when signed out. */
    webSession: WebSession | null;
  }
}

export interface SessionHookOptions {
  sessions: WebSessions;
  appUrl: string;
  secureCookies: boolean;
}

/**
 * Resolves the session cookie on every `/api` request and on sign-out, answers 401 without one
 * (the page then signs in), and refuses a state-changing call that fails the CSRF check (403).
 */
export const sessionHook = fp(
  async (app: FastifyInstance, options: SessionHookOptions) => {
    const cookie = sessionCookieName(options.secureCookies);
    const appOrigin = new URL(options.appUrl).origin;
    app.decorateRequest('webSession', null);
    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isApi = path === '/api' || path.startsWith('/api/');
      if (!isApi && path !== '/auth/logout') return;
      request.webSession = await options.sessions.resolve(
        readCookie(request.headers.cookie, cookie),
      );
      if (!request.webSession) {
        if (path === '/auth/logout') return;
        return sendApiError(reply, 401, 'unauthenticated', 'Sign in to continue.');
      }
      const token = request.headers[CSRF_HEADER];
      const fetchSite = request.headers['sec-fetch-site'];
      const allowed = csrfAllows({
        method: request.method,
        origin: request.headers.origin,
        fetchSite: typeof fetchSite === 'string' ? fetchSite : undefined,
        token: typeof token === 'string' ? token : undefined,
        expected: request.webSession.csrfToken,
        appOrigin,
      });
      if (!allowed) {
        return sendApiError(reply, 403, 'csrf_refused', 'This request was not sent by this site.');
      }
    });
  },
  { name: 'web-session' },
);
