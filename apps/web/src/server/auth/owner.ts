import { isOrganizationOwner, type Principal, type Queryable } from '@ask-analyst/workspace';
import { notFound } from '../api/errors.js';

/**
 * The owner pages' gate (SPEC section 9): the signed-in user must own their organization. Anyone
 * else gets the same "not found" as an unknown page, so the pages' existence is not revealed.
 */
export async function requireOrganizationOwner(db: Queryable, principal: Principal): Promise<void> {
  if (!(await isOrganizationOwner(db, principal.orgId, principal.userId))) throw notFound();
}
