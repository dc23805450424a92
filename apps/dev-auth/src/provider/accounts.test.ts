import type { Database } from '@ask-analyst/workspace';
import type { AccessToken, ClientCredentials, KoaContextWithOIDC } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, openTestDatabase } from '../test-support/fixtures.js';
import { createExtraTokenClaims } from './accounts.js';

describe('the org claim of access tokens', () => {
  let db: Database;
  let orgId: string;
  let userId: string;
  const ctx = {} as KoaContextWithOIDC;
  const tokenOf = (fields: Record<string, unknown>) => fields as unknown as AccessToken;

  beforeAll(async () => {
    db = await openTestDatabase();
    orgId = await createOrg(db, 'Acme', true);
    userId = (await createUser(db, orgId, 'ada@acme.test')).id;
  });
  afterAll(() => db.close());

  it("names the user's organization", async () => {
    const claims = createExtraTokenClaims(db);
    expect(await claims(ctx, tokenOf({ accountId: userId }))).toEqual({ org: orgId });
  });

  it('issues no token at all when no organization can be named', async () => {
    const claims = createExtraTokenClaims(db);
    await expect(claims(ctx, tokenOf({ accountId: 'usr_gone00000001' }))).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(claims(ctx, {} as ClientCredentials)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});
