import type { WorksheetEngine } from '../data/engine.js';
import type { IngestOptions } from '../data/types.js';
import type { Database, Queryable } from '../db/database.js';
import { isUniqueViolation } from '../db/rows.js';
import { WorkspaceError } from '../errors.js';
import { newId } from '../ids/ids.js';
import { listReadableWorkspaces, type PrincipalRef } from '../permissions/access.js';
import { requireRole } from '../permissions/authorize.js';
import { hasRole } from '../permissions/roles.js';
import { checkSemanticLayerShape } from '../semantics/layer.js';
import { setSemanticLayer } from '../store/semantic-layers.js';
import {
  createWorkbook,
  findWorkbookByName,
  touchWorkbook,
  type WorkbookRecord,
} from '../store/workbooks.js';
import { createWorksheet, findWorksheetByName, type WorksheetRecord } from '../store/worksheets.js';
import { checkName } from './names.js';

export interface ImportWorksheetOptions {
  /** The user importing: analyst or admin in the workspace; owner of a workbook this creates. */
  actor: PrincipalRef;
  /** The workspace by id, or by name among the actor's workspaces. */
  workspaceId?: string | undefined;
  workspaceName?: string | undefined;
  /** Created (owned by the actor) when the workspace has no workbook of this name. */
  workbookName: string;
  workbookDescription?: string | undefined;
  /** Must not exist yet in the workbook (`conflict`). */
  worksheetName: string;
  worksheetDescription?: string | undefined;
  /** A CSV, JSON (array of objects) or Parquet file on this machine. */
  filePath: string;
  format?: IngestOptions['format'];
  maxBytes?: number | undefined;
  /**
   * The worksheet's semantic layer, imported with the data (`{ columns: [...] }`, see
   * `semantics/layer.ts`): its shape is checked before the file is read, its columns against the
   * file's, and it commits with the worksheet (`invalid_argument` naming each bad column).
   */
  semantics?: unknown;
  /** Runs inside the transaction that records the worksheet (e.g. to write an audit entry with it). */
  onRecorded?: ((tx: Queryable, imported: ImportedWorksheet) => Promise<void>) | undefined;
}

export interface ImportedWorksheet {
  workbook: WorkbookRecord;
  worksheet: WorksheetRecord;
  createdWorkbook: boolean;
}

/**
 * Imports a user's own file as a new worksheet. Everything that can be checked is checked before
 * the file is read; then the data is ingested (a bad, oversized or unsupported file is a `DataError`
 * `invalid_file` / `file_too_large` / `unsupported_format` that leaves no file behind), and the
 * workbook (when new) and worksheet rows commit in one transaction. Other failures are
 * `WorkspaceError`s: `not_found` (workspace not visible to the actor), `permission_denied`
 * (viewer), `conflict` (worksheet name taken), `invalid_argument` (names).
 */
export async function importWorksheet(
  db: Database,
  engine: Pick<WorksheetEngine, 'ingest'>,
  options: ImportWorksheetOptions,
): Promise<ImportedWorksheet> {
  const workbookName = checkName(options.workbookName, 'workbook name');
  const worksheetName = checkName(options.worksheetName, 'worksheet name');
  const workspaceId = await resolveWorkspace(db, options);
  await assertNameFree(db, workspaceId, workbookName, worksheetName);
  if (options.semantics !== undefined) checkSemanticLayerShape(options.semantics);

  const id = newId('ws');
  const ingested = await engine.ingest(options.filePath, {
    format: options.format,
    maxBytes: options.maxBytes,
    id,
  });
  try {
    return await db.transaction(async (tx) => {
      // The role is checked again: it may have changed while the file was read.
      await requireRole(tx, options.actor, workspaceId, 'analyst');
      let workbook = await findWorkbookByName(tx, workspaceId, workbookName);
      const createdWorkbook = !workbook;
      workbook ??= await createWorkbook(tx, {
        workspaceId,
        name: workbookName,
        description: options.workbookDescription ?? '',
        ownerId: options.actor.userId,
      });
      await assertNameFree(tx, workspaceId, workbookName, worksheetName);
      const worksheet = await createWorksheet(tx, {
        id,
        workbookId: workbook.id,
        name: worksheetName,
        description: options.worksheetDescription ?? '',
        rowCount: ingested.rowCount,
        columns: ingested.columns,
        dataPath: ingested.dataPath,
      });
      if (options.semantics !== undefined)
        worksheet.semantics = await setSemanticLayer(tx, id, options.semantics);
      await touchWorkbook(tx, workbook.id);
      const imported = { workbook, worksheet, createdWorkbook };
      await options.onRecorded?.(tx, imported);
      return imported;
    });
  } catch (error) {
    // The ingested file has no row; the start-up orphan sweep (removeOrphanWorksheetFiles) removes it.
    if (isUniqueViolation(error)) throw conflict(workbookName, worksheetName, error);
    throw error;
  }
}

async function resolveWorkspace(db: Queryable, options: ImportWorksheetOptions): Promise<string> {
  const workspaces = await listReadableWorkspaces(db, options.actor);
  const workspace = workspaces.find((w) =>
    options.workspaceId ? w.id === options.workspaceId : w.name === options.workspaceName?.trim(),
  );
  const named = options.workspaceId ?? options.workspaceName;
  if (!named)
    throw new WorkspaceError(
      'invalid_argument',
      'name the workspace (workspaceId or workspaceName)',
    );
  if (!workspace) throw new WorkspaceError('not_found', `No workspace ${JSON.stringify(named)}`);
  if (!hasRole(workspace.role, 'analyst')) {
    throw new WorkspaceError(
      'permission_denied',
      `Importing data into ${workspace.name} needs the analyst role; you are ${workspace.role}`,
    );
  }
  return workspace.id;
}

async function assertNameFree(
  db: Queryable,
  workspaceId: string,
  workbookName: string,
  worksheetName: string,
): Promise<void> {
  const workbook = await findWorkbookByName(db, workspaceId, workbookName);
  if (workbook && (await findWorksheetByName(db, workbook.id, worksheetName))) {
    throw conflict(workbookName, worksheetName);
  }
}

function conflict(workbookName: string, worksheetName: string, cause?: unknown): WorkspaceError {
  return new WorkspaceError(
    'conflict',
    `Workbook ${JSON.stringify(workbookName)} already has a worksheet ${JSON.stringify(worksheetName)}`,
    { cause },
  );
}
