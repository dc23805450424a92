import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPrincipal } from '../identity/principals.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/database.js';
import { createSmallWorld, type SmallWorld } from '../testing/world.js';
import {
  getClientPolicy,
  invalidateClientTokens,
  policyAllows,
  setClientPolicy,
} from './client-access.js';
import { addOrganizationOwner, isOrganizationOwner } from './organization-owners.js';

let db: TestDatabase;
let world: SmallWorld;

beforeAll(async () => {
  db = await openTestDatabase();
  world = await createSmallWorld(db);
});

afterAll(async () => {
  await db?.close();
});

describe(`client access (${testDatabaseKind()})`, () => {
  it('invalidates one (user, client) at the next whole second, read with the principal', async () => {
    expect((await findPrincipal(db, world.ada))?.clientTokensInvalidBefore?.size).toBe(0);
    const before = Date.now();
    await invalidateClientTokens(db, world.ada, 'client-a');
    const principal = await findPrincipal(db, world.ada);
    const at = principal?.clientTokensInvalidBefore?.get('client-a');
    expect(at).toBeInstanceOf(Date);
    expect(at!.getTime() % 1000).toBe(0);
    expect(at!.getTime()).toBeGreaterThan(before - 1000);
    expect(principal?.clientTokensInvalidBefore?.has('client-b')).toBe(false);
    expect(principal?.tokensInvalidBefore).toBeNull();
    // Again later: the same row moves forward, never a second row.
    await invalidateClientTokens(db, world.ada, 'client-a');
    expect((await findPrincipal(db, world.ada))?.clientTokensInvalidBefore?.size).toBe(1);
  });

  it('keeps a policy per organization, `any` until set, the list only for allow_list', async () => {
    expect(await getClientPolicy(db, world.acme)).toEqual({
      mode: 'any',
      allowedClientIds: [],
      updatedAt: null,
    });
    const listed = await setClientPolicy(
      db,
      world.acme,
      { mode: 'allow_list', allowedClientIds: ['a', 'b', 'a'] },
      world.ada,
    );
    expect(listed).toMatchObject({ mode: 'allow_list', allowedClientIds: ['a', 'b'] });
    const strict = await setClientPolicy(
      db,
      world.acme,
      { mode: 'pre_registered', allowedClientIds: ['a'] },
      world.ada,
    );
    expect(strict).toMatchObject({ mode: 'pre_registered', allowedClientIds: [] });
    expect((await getClientPolicy(db, world.globex)).mode).toBe('any');
  });

  it('admits clients by mode', () => {
    const list = { mode: 'allow_list' as const, allowedClientIds: ['dcr-1'] };
    expect(policyAllows({ mode: 'any', allowedClientIds: [] }, 'dcr-2', false)).toBe(true);
    expect(policyAllows({ mode: 'pre_registered', allowedClientIds: [] }, 'dcr-2', false)).toBe(
      false,
    );
    expect(policyAllows({ mode: 'pre_registered', allowedClientIds: [] }, 'editor', true)).toBe(
      true,
    );
    expect(policyAllows(list, 'dcr-1', false)).toBe(true);
    expect(policyAllows(list, 'editor', true)).toBe(false);
  });

  it('knows the owners of an organization', async () => {
    await addOrganizationOwner(db, world.acme, world.ada);
    await addOrganizationOwner(db, world.acme, world.ada);
    expect(await isOrganizationOwner(db, world.acme, world.ada)).toBe(true);
    expect(await isOrganizationOwner(db, world.acme, world.grace)).toBe(false);
    expect(await isOrganizationOwner(db, world.globex, world.ada)).toBe(false);
  });
});
