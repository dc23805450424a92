import type { WorksheetEngine } from '../data/engine.js';
import type { Database, Queryable } from '../db/database.js';
import { WorkspaceError } from '../errors.js';
import { findOrganizationByName, type OrganizationRecord } from '../store/organizations.js';
import { findUserByEmail, type UserRecord } from '../store/users.js';

/**
 * Credentials another component keeps for users (the authorization server's refresh tokens,
 * grants, codes and sessions). The core knows nothing of OAuth: whoever composes the ops context
 * supplies this, and revocation and invalidation delete through it in their transaction.
 */
export interface StoredCredentials {
  /** Deletes what is stored for the user; returns how many records went. */
  deleteForUser(tx: Queryable, userId: string): Promise<number>;
}

/** What an ops function runs with: the database, the worksheet engine (imports), and who acts. */
export interface OpsContext {
  db: Database;
  storedCredentials?: StoredCredentials | undefined;
  /** Operator name recorded in the audit log (e.g. the shell user). */
  actor: string;
  engine?: Pick<WorksheetEngine, 'ingest'> | undefined;
}

/** The user with this email, or `not_found` naming it. */
export async function userByEmail(db: Queryable, email: string): Promise<UserRecord> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new WorkspaceError('not_found', `No user with email ${email}`);
  return user;
}

/** The organization with this name, or `not_found` naming it. */
export async function organizationByName(db: Queryable, name: string): Promise<OrganizationRecord> {
  const org = await findOrganizationByName(db, name);
  if (!org) throw new WorkspaceError('not_found', `No organization named ${JSON.stringify(name)}`);
  return org;
}

/** Refuses an empty operator name: every change must say who made it. */
export function checkActor(actor: string): string {
  const name = actor.trim();
  if (!name || name.length > 200)
    throw new WorkspaceError('invalid_argument', 'actor must be 1–200 characters');
  return name;
}
