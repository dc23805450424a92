import type { Queryable } from '../db/database.js';
import { toIso } from '../db/rows.js';
import { newId } from '../ids/ids.js';

/** A workbook as stored: a named group of worksheets in one workspace. */
export interface WorkbookRecord {
  id: string;
  workspaceId: string;
  name: string;
  description: string;
  ownerId: string;
  createdAt: string;
  updatedAt: string;
}

interface WorkbookRow {
  id: string;
  workspace_id: string;
  name: string;
  description: string;
  owner_id: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'id, workspace_id, name, description, owner_id, created_at, updated_at';

function toRecord(row: WorkbookRow): WorkbookRecord {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    description: row.description,
    ownerId: row.owner_id,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** Creates a workbook; names are unique within a workspace. */
export async function createWorkbook(
  db: Queryable,
  input: { workspaceId: string; name: string; description?: string; ownerId: string; id?: string },
): Promise<WorkbookRecord> {
  const { rows } = await db.query<WorkbookRow>(
    `insert into workbooks (id, workspace_id, name, description, owner_id)
     values ($1, $2, $3, $4, $5) returning ${COLUMNS}`,
    [
      input.id ?? newId('wb'),
      input.workspaceId,
      input.name,
      input.description ?? '',
      input.ownerId,
    ],
  );
  return toRecord(rows[0]!);
}

/** The workbook with this id, or null (no permission check: see `permissions/`). */
export async function getWorkbook(db: Queryable, id: string): Promise<WorkbookRecord | null> {
  const { rows } = await db.query<WorkbookRow>(`select ${COLUMNS} from workbooks where id = $1`, [
    id,
  ]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** The workbook with this exact name in a workspace, or null. */
export async function findWorkbookByName(
  db: Queryable,
  workspaceId: string,
  name: string,
): Promise<WorkbookRecord | null> {
  const { rows } = await db.query<WorkbookRow>(
    `select ${COLUMNS} from workbooks where workspace_id = $1 and name = $2`,
    [workspaceId, name],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Marks a workbook as changed now (a worksheet was added or replaced). */
export async function touchWorkbook(db: Queryable, id: string): Promise<void> {
  await db.query('update workbooks set updated_at = now() where id = $1', [id]);
}
