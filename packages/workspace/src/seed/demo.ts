import { demoDataFile } from '../data/demo-data.js';
import type { WorksheetEngine } from '../data/engine.js';
import type { IngestResult } from '../data/types.js';
import type { Database, Queryable } from '../db/database.js';
import { hashPassword } from '../identity/password.js';
import { newId } from '../ids/ids.js';
import { addOrganizationOwner } from '../store/organization-owners.js';
import { createOrganization } from '../store/organizations.js';
import { setSemanticLayer } from '../store/semantic-layers.js';
import { createUser } from '../store/users.js';
import { createWorkbook } from '../store/workbooks.js';
import { createWorksheet } from '../store/worksheets.js';
import { createWorkspace, setMembership } from '../store/workspaces.js';
import {
  DEMO_ORGS,
  DEMO_PASSWORD,
  DEMO_USERS,
  DEMO_WORKBOOKS,
  DEMO_WORKSPACES,
  type DemoWorksheet,
} from './demo-spec.js';
import { removeOrphanWorksheetFiles } from './orphans.js';

/** Transaction-level advisory lock every process that seeds takes first. */
const SEED_LOCK = 4_711_002;
const MARKER = 'demo';
/**
 * The demo worksheets' semantic layers, versioned: a database without this marker (seeded before
 * the layers existed, or before they were last revised) has them set on its next start. Bump the
 * version when a file in `semantics/` changes; the demo worksheets' layers are then replaced.
 */
const SEMANTICS_MARKER = 'demo-semantics-v7';
/** The demo organizations' owners (SPEC section 6): set once, on first start or on a database seeded before owners existed. */
const OWNERS_MARKER = 'demo-owners-v1';

export interface SeedOptions {
  log?: (line: string) => void;
}

type SeedEngine = Pick<WorksheetEngine, 'ingest' | 'removeOrphans'>;

/**
 * Builds the demo workspace of SPEC section 6 on first start: organizations, users (password
 * `analyst-demo`), workspaces, roles, and the vega-datasets workbooks with their semantic layers.
 * Ids are random and stored, so they stay stable across restarts. Idempotent: a later call finds
 * the marker and only removes orphaned worksheet files, and sets the demo worksheets' semantic
 * layers once when the database predates them (its own marker, same lock). Processes starting at once serialise on an advisory lock; the data is
 * ingested first, then all metadata and the marker commit in that one transaction.
 */
export async function seedDemoWorkspace(
  db: Database,
  engine: SeedEngine,
  options: SeedOptions = {},
): Promise<{ seeded: boolean; removedOrphans: string[] }> {
  const log = options.log ?? (() => undefined);
  let seeded = false;
  if (!(await hasMarker(db))) {
    try {
      seeded = await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
        if (await hasMarker(tx)) return false;
        await seedInto(tx, engine, log);
        return true;
      });
    } catch (error) {
      // The metadata rolled back; the files ingested for it are orphans now.
      await removeOrphanWorksheetFiles(db, engine, { minAgeMs: 0 }).catch(() => undefined);
      throw error;
    }
  }
  if (!(await hasMarker(db, SEMANTICS_MARKER))) {
    await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
      if (await hasMarker(tx, SEMANTICS_MARKER)) return;
      const described = await describeDemoWorksheets(tx);
      log(`described ${described} demo worksheet(s) with their semantic layers`);
    });
  }
  if (!(await hasMarker(db, OWNERS_MARKER))) {
    await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
      if (await hasMarker(tx, OWNERS_MARKER)) return;
      await seedOwners(tx);
    });
  }
  const removedOrphans = await removeOrphanWorksheetFiles(db, engine);
  if (removedOrphans.length > 0) log(`removed ${removedOrphans.length} orphaned worksheet file(s)`);
  return { seeded, removedOrphans };
}

/** Makes each demo organization's owner its owner (found by names) and records the owners marker. */
async function seedOwners(tx: Queryable): Promise<void> {
  for (const org of DEMO_ORGS) {
    const { rows } = await tx.query<{ org_id: string; user_id: string }>(
      `select o.id as org_id, u.id as user_id from organizations o join users u on u.org_id = o.id
       where o.name = $1 and u.email = $2`,
      [org.name, org.owner],
    );
    if (rows[0]) await addOrganizationOwner(tx, rows[0].org_id, rows[0].user_id);
  }
  await tx.query('insert into seed_markers (name) values ($1)', [OWNERS_MARKER]);
}

async function hasMarker(db: Queryable, name = MARKER): Promise<boolean> {
  const { rows } = await db.query('select 1 from seed_markers where name = $1', [name]);
  return rows.length > 0;
}

/**
 * Sets the semantic layer of every demo worksheet the database still has (found by organization,
 * workspace, workbook and worksheet name) and records the semantics marker; returns how many.
 */
async function describeDemoWorksheets(tx: Queryable): Promise<number> {
  let described = 0;
  for (const workbook of DEMO_WORKBOOKS) {
    const org = DEMO_WORKSPACES.find((w) => w.name === workbook.workspace)!.org;
    for (const sheet of workbook.worksheets) {
      const { rows } = await tx.query<{ id: string }>(
        `select s.id from worksheets s join workbooks wb on wb.id = s.workbook_id
         join workspaces w on w.id = wb.workspace_id join organizations o on o.id = w.org_id
         where o.name = $1 and w.name = $2 and wb.name = $3 and s.name = $4`,
        [org, workbook.workspace, workbook.name, sheet.name],
      );
      if (!rows[0]) continue;
      await setSemanticLayer(tx, rows[0].id, sheet.semantics);
      described += 1;
    }
  }
  await tx.query('insert into seed_markers (name) values ($1)', [SEMANTICS_MARKER]);
  return described;
}

async function seedInto(
  tx: Queryable,
  engine: SeedEngine,
  log: (line: string) => void,
): Promise<void> {
  log('seeding the demo workspace (first start)');
  const ingested = new Map<DemoWorksheet, { id: string; result: IngestResult }>();
  for (const workbook of DEMO_WORKBOOKS) {
    for (const sheet of workbook.worksheets) {
      const started = Date.now();
      const id = newId('ws');
      const result = await engine.ingest(demoDataFile(sheet.source), { id });
      ingested.set(sheet, { id, result });
      log(
        `  ${workbook.name} / ${sheet.name}: ${result.rowCount.toLocaleString('en-US')} rows (${Date.now() - started} ms)`,
      );
    }
  }

  const orgs = new Map<string, string>();
  for (const org of DEMO_ORGS) orgs.set(org.name, (await createOrganization(tx, org)).id);

  const users = new Map<string, string>();
  for (const user of DEMO_USERS) {
    const record = await createUser(tx, {
      orgId: orgs.get(user.org)!,
      email: user.email,
      name: user.name,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      status: user.revoked ? 'revoked' : 'active',
    });
    users.set(user.email, record.id);
  }
  for (const org of DEMO_ORGS) {
    await addOrganizationOwner(tx, orgs.get(org.name)!, users.get(org.owner)!);
  }

  const workspaces = new Map<string, { id: string; ownerId: string }>();
  for (const workspace of DEMO_WORKSPACES) {
    const record = await createWorkspace(tx, {
      orgId: orgs.get(workspace.org)!,
      name: workspace.name,
    });
    workspaces.set(workspace.name, { id: record.id, ownerId: users.get(workspace.admin)! });
  }
  for (const user of DEMO_USERS) {
    for (const [workspace, role] of Object.entries(user.roles)) {
      await setMembership(tx, {
        workspaceId: workspaces.get(workspace)!.id,
        userId: users.get(user.email)!,
        role,
      });
    }
  }

  for (const workbook of DEMO_WORKBOOKS) {
    const workspace = workspaces.get(workbook.workspace)!;
    const record = await createWorkbook(tx, {
      workspaceId: workspace.id,
      name: workbook.name,
      description: workbook.description,
      ownerId: workspace.ownerId,
    });
    for (const [position, sheet] of workbook.worksheets.entries()) {
      const { id, result } = ingested.get(sheet)!;
      await createWorksheet(tx, {
        id,
        workbookId: record.id,
        name: sheet.name,
        description: sheet.description,
        position,
        rowCount: result.rowCount,
        columns: result.columns,
        dataPath: result.dataPath,
      });
      await setSemanticLayer(tx, id, sheet.semantics);
    }
  }
  await seedOwners(tx);
  await tx.query('insert into seed_markers (name) values ($1), ($2)', [MARKER, SEMANTICS_MARKER]);
}
