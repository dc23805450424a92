import { randomBytes } from 'node:crypto';
import { checkPrincipal, type PrincipalLookup } from '@ask-analyst/service';
import {
  createWebSession,
  deleteWebSession,
  touchWebSession,
  type Database,
  type Principal,
} from '@ask-analyst/workspace';

/** A signed-in user as a request of the web app sees them. */
export interface WebSession {
  /** The cookie value (never stored: the database keeps its hash). */
  id: string;
  principal: Principal;
  csrfToken: string;
  idToken: string | null;
}

export interface SessionOptions {
  db: Database;
  principals: PrincipalLookup;
  idleSeconds: number;
  maxSeconds: number;
  now: () => number;
}

/** A fresh unguessable value (256 bits) for a session id or a CSRF token. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Web sessions over the database (docs/decisions/107-web-sessions-in-the-database.md): any replica
 * answers, a restart keeps them, each ends after `idleSeconds` idle or `maxSeconds` in all. Every
 * request checks the user as the MCP server checks a token's (`checkPrincipal`, cached at most 30
 * s), except that the private beta gates the MCP service only (SPEC section 9): a session of a
 * non-enrolled organization goes on; a revoked, removed or invalidated user's session ends.
 */
export function webSessions(options: SessionOptions) {
  const { db } = options;
  return {
    /** Starts a session for the user: always a new id (no fixation). */
    async create(userId: string, idToken: string | null): Promise<string> {
      const id = randomToken();
      await createWebSession(db, {
        id,
        userId,
        csrfToken: randomToken(),
        idToken,
        expiresAt: new Date(options.now() + options.maxSeconds * 1000),
      });
      return id;
    },

    /** The live session the cookie value names, or null (and a dead or refused one is deleted). */
    async resolve(id: string | undefined): Promise<WebSession | null> {
      if (!id || id.length > 128) return null;
      const record = await touchWebSession(db, id, options.idleSeconds);
      if (!record) return null;
      const principal = await options.principals(record.userId);
      const verdict = checkPrincipal(principal, {
        orgId: principal?.orgId,
        issuedAtSeconds: Math.floor(Date.parse(record.signedInAt) / 1000),
      });
      const allowed = verdict.ok || verdict.refusal === 'org_not_enrolled';
      if (!allowed || !principal) {
        await deleteWebSession(db, id);
        return null;
      }
      return { id, principal, csrfToken: record.csrfToken, idToken: record.idToken };
    },

    /** Ends a session; returns its ID token for the provider's logout. */
    async end(id: string): Promise<string | null> {
      return (await deleteWebSession(db, id))?.idToken ?? null;
    },
  };
}

export type WebSessions = ReturnType<typeof webSessions>;
