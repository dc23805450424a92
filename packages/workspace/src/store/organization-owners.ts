import type { Queryable } from '../db/database.js';

/** Makes a user an owner of their organization (SPEC section 6); idempotent. */
export async function addOrganizationOwner(
  db: Queryable,
  orgId: string,
  userId: string,
): Promise<void> {
  await db.query(
    `insert into organization_owners (org_id, user_id)
     select u.org_id, u.id from users u where u.id = $2 and u.org_id = $1
     on conflict do nothing`,
    [orgId, userId],
  );
}

/** Whether the user owns the organization now: an owner of it, of it, and not revoked. */
export async function isOrganizationOwner(
  db: Queryable,
  orgId: string,
  userId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from organization_owners o join users u on u.id = o.user_id
     where o.org_id = $1 and o.user_id = $2 and u.org_id = $1 and u.status = 'active'`,
    [orgId, userId],
  );
  return rows.length > 0;
}

/** The active owners of an organization other than `exceptUserId`. */
export async function countOtherActiveOwners(
  db: Queryable,
  orgId: string,
  exceptUserId: string,
): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    `select count(*) as n from organization_owners o join users u on u.id = o.user_id
     where o.org_id = $1 and o.user_id <> $2 and u.org_id = $1 and u.status = 'active'`,
    [orgId, exceptUserId],
  );
  return Number(rows[0]?.n ?? 0);
}
