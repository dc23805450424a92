import type { Queryable, StoredCredentials } from '@ask-analyst/workspace';

/**
 * What this server stores for a user, as the product core's ops functions delete it when an
 * operator revokes the user or invalidates their tokens: the user's refresh tokens, grants and
 * sessions, and every row tied to one of their grants (codes, access token records).
 */
export const storedCredentials: StoredCredentials = {
  async deleteForUser(tx: Queryable, userId: string): Promise<number> {
    const deleted = await tx.query(
      `delete from oidc_models where account_id = $1
         or grant_id in (select id from oidc_models where model = 'Grant' and account_id = $1)`,
      [userId],
    );
    return deleted.rowCount;
  },
};
