import type { Queryable } from '../db/database.js';
import { createOrganization } from '../store/organizations.js';
import { createUser } from '../store/users.js';
import { createWorkspace, setMembership } from '../store/workspaces.js';

/** Ids of a small world without data files: cheaper than the seeded demo for store and ops tests. */
export interface SmallWorld {
  acme: string;
  globex: string;
  operations: string;
  globexMain: string;
  ada: string;
  linus: string;
  grace: string;
  hopper: string;
}

/**
 * Acme Analytics (enrolled) with Operations (ada admin, linus analyst, grace viewer) and Globex
 * (not enrolled) with Globex Main (hopper admin). No passwords, no workbooks.
 */
export async function createSmallWorld(db: Queryable): Promise<SmallWorld> {
  const acme = (await createOrganization(db, { name: 'Acme Analytics', enrolled: true })).id;
  const globex = (await createOrganization(db, { name: 'Globex', enrolled: false })).id;
  const operations = (await createWorkspace(db, { orgId: acme, name: 'Operations' })).id;
  const globexMain = (await createWorkspace(db, { orgId: globex, name: 'Globex Main' })).id;
  const user = async (orgId: string, email: string, name: string) =>
    (await createUser(db, { orgId, email, name, passwordHash: null })).id;
  const world = {
    acme,
    globex,
    operations,
    globexMain,
    ada: await user(acme, 'ada@acme.test', 'Ada Lovelace'),
    linus: await user(acme, 'linus@acme.test', 'Linus Torvalds'),
    grace: await user(acme, 'grace@acme.test', 'Grace Hopper'),
    hopper: await user(globex, 'hopper@globex.test', 'Murray Hopper'),
  };
  await setMembership(db, { workspaceId: operations, userId: world.ada, role: 'admin' });
  await setMembership(db, { workspaceId: operations, userId: world.linus, role: 'analyst' });
  await setMembership(db, { workspaceId: operations, userId: world.grace, role: 'viewer' });
  await setMembership(db, { workspaceId: globexMain, userId: world.hopper, role: 'admin' });
  return world;
}
