import path from 'node:path';
import type { IngestOptions } from '../data/types.js';
import type { Queryable } from '../db/database.js';
import { WorkspaceError } from '../errors.js';
import { findPrincipal } from '../identity/principals.js';
import { importWorksheet, type ImportedWorksheet } from '../import/import-file.js';
import { recordAudit } from '../store/ops-audit.js';
import { findWorkspacesByName, type WorkspaceRecord } from '../store/workspaces.js';
import { checkActor, organizationByName, userByEmail, type OpsContext } from './context.js';

export interface OperatorImportOptions {
  /** Absolute path of the file on the machine the database's worksheet engine runs on. */
  file: string;
  workspace: string;
  workbook: string;
  worksheet: string;
  /** Organization of the workspace, when its name is not unique. */
  org?: string | undefined;
  /** Email of the workbook owner (an analyst or admin there); default: the workspace's first admin. */
  owner?: string | undefined;
  format?: IngestOptions['format'];
  maxBytes?: number | undefined;
  /** The worksheet's semantic layer, imported with the data (see `importWorksheet`). */
  semantics?: unknown;
}

/**
 * Imports a file for a workspace on an operator's behalf (`pnpm ops import`): the data is imported
 * as the owner user would (see `importWorksheet`), and the operator is recorded in the audit log.
 */
export async function importWorksheetAsOperator(
  ctx: OpsContext,
  options: OperatorImportOptions,
): Promise<ImportedWorksheet> {
  const actor = checkActor(ctx.actor);
  if (!ctx.engine) throw new Error('importing needs the worksheet engine');
  const workspace = await findWorkspace(ctx.db, options.workspace, options.org);
  const ownerId = options.owner
    ? (await userByEmail(ctx.db, options.owner)).id
    : await firstAdmin(ctx.db, workspace);
  await assertOwnerCanImport(ctx.db, ownerId);
  return importWorksheet(ctx.db, ctx.engine, {
    actor: { userId: ownerId },
    workspaceId: workspace.id,
    workbookName: options.workbook,
    worksheetName: options.worksheet,
    filePath: path.resolve(options.file),
    format: options.format,
    maxBytes: options.maxBytes,
    semantics: options.semantics,
    onRecorded: async (tx, imported) => {
      await recordAudit(tx, {
        actor,
        action: 'worksheet.import',
        target: `${workspace.name} / ${imported.workbook.name} / ${imported.worksheet.name}`,
        details: {
          worksheetId: imported.worksheet.id,
          workbookId: imported.workbook.id,
          createdWorkbook: imported.createdWorkbook,
          ownerId,
          rowCount: imported.worksheet.rowCount,
          file: path.basename(options.file),
          describedColumns: imported.worksheet.semantics.columns.length,
        },
      });
    },
  });
}

async function findWorkspace(
  db: Queryable,
  name: string,
  orgName: string | undefined,
): Promise<WorkspaceRecord> {
  const orgId = orgName ? (await organizationByName(db, orgName)).id : undefined;
  const matches = await findWorkspacesByName(db, name, orgId);
  if (matches.length === 0)
    throw new WorkspaceError('not_found', `No workspace named ${JSON.stringify(name)}`);
  if (matches.length > 1) {
    throw new WorkspaceError(
      'invalid_argument',
      `Several organizations have a workspace named ${JSON.stringify(name)}: name the organization`,
    );
  }
  return matches[0]!;
}

async function assertOwnerCanImport(db: Queryable, ownerId: string): Promise<void> {
  const owner = await findPrincipal(db, ownerId);
  if (owner && !owner.active)
    throw new WorkspaceError(
      'invalid_argument',
      `${owner.email} is revoked: restore them or name another owner`,
    );
}

async function firstAdmin(db: Queryable, workspace: WorkspaceRecord): Promise<string> {
  const { rows } = await db.query<{ user_id: string }>(
    `select m.user_id from memberships m join users u on u.id = m.user_id
     where m.workspace_id = $1 and m.role = 'admin' and u.status = 'active'
     order by u.created_at, u.id limit 1`,
    [workspace.id],
  );
  if (!rows[0]) {
    throw new WorkspaceError(
      'invalid_argument',
      `${workspace.name} has no active admin: name the owner`,
    );
  }
  return rows[0].user_id;
}
