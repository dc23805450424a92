import { isOrganizationOwner, type OwnerActor, type Queryable } from '@ask-analyst/workspace';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../api/errors.js';

/**
 * The signed-in user as an owner of their organization (SPEC sections 6 and 9), read from the
 * database at every call (no cache: a change of owners applies at the next request). Anyone else
 * gets the same "not found" as an unknown page: `/admin` does not exist for them.
 */
export async function requireOrganizationOwner(
  db: Queryable,
  request: FastifyRequest,
): Promise<OwnerActor> {
  const principal = request.webSession?.principal;
  if (!principal || !(await isOrganizationOwner(db, principal.orgId, principal.userId))) {
    throw notFound();
  }
  return { userId: principal.userId, email: principal.email, orgId: principal.orgId };
}
