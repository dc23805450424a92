import type {
  GetWorkbookInput,
  GetWorkbookOutput,
  GetWorksheetInput,
  GetWorksheetOutput,
  ListWorkbooksInput,
  ListWorkbooksOutput,
  ReadWorksheetInput,
  ReadWorksheetOutput,
} from '@ask-analyst/protocol';
import {
  getReadableWorkbookWithWorksheets,
  getReadableWorksheet,
  listReadableWorkbooks,
  semanticsByColumn,
  type Database,
  type PrincipalRef,
  type ReadableWorksheet,
  type WorksheetEngine,
} from '@ask-analyst/workspace';
import { notReadable } from '../analysis/analyses.js';

/** What the catalog reads: the database (roles, workbooks), the worksheet data, the web app's origin. */
export interface CatalogDeps {
  db: Database;
  engine: Pick<WorksheetEngine, 'profile' | 'read'>;
  appUrl: string;
}

/**
 * The workbooks the user can read now, in pages (SPEC section 4, `list_workbooks`; section 9, `/`).
 * A tampered cursor is the workspace's `invalid_argument` naming `cursor`.
 */
export async function listWorkbooks(
  deps: CatalogDeps,
  principal: PrincipalRef,
  { query, workspaceId, cursor, limit }: ListWorkbooksInput,
): Promise<ListWorkbooksOutput> {
  return listReadableWorkbooks(deps.db, principal, {
    appUrl: deps.appUrl,
    query,
    workspaceId,
    cursor: cursor ?? undefined,
    limit,
  });
}

/**
 * One readable workbook with its worksheets and their columns; a column's description is the
 * semantic layer's when it has one (the steward's word), else the column's own. `not_found` for a
 * workbook the user cannot read, in the same words as for one that does not exist.
 */
export async function describeWorkbook(
  deps: CatalogDeps,
  principal: PrincipalRef,
  { workbookId }: GetWorkbookInput,
): Promise<GetWorkbookOutput> {
  const found = await getReadableWorkbookWithWorksheets(deps.db, principal, workbookId, {
    appUrl: deps.appUrl,
  });
  if (!found) throw notReadable('workbook', workbookId);
  const worksheets = found.worksheets.map((sheet) => {
    const layer = semanticsByColumn(sheet.semantics);
    return {
      id: sheet.id,
      name: sheet.name,
      description: sheet.description,
      rowCount: sheet.rowCount,
      columns: sheet.columns.map(({ name, type, description: own }) => {
        const description = layer.get(name)?.description ?? own;
        return description ? { name, type, description } : { name, type };
      }),
    };
  });
  return { workbook: found.workbook, worksheets };
}

/** The worksheet if the user can read it now (roles read at call time); else `not_found`. */
export async function readableWorksheet(
  deps: CatalogDeps,
  principal: PrincipalRef,
  worksheetId: string,
): Promise<ReadableWorksheet> {
  const sheet = await getReadableWorksheet(deps.db, principal, worksheetId, {
    appUrl: deps.appUrl,
  });
  if (!sheet) throw notReadable('worksheet', worksheetId);
  return sheet;
}

/** Exact per-column statistics of a readable worksheet, with the worksheet they describe. */
export async function profileWorksheet(
  deps: CatalogDeps,
  principal: PrincipalRef,
  { worksheetId }: GetWorksheetInput,
): Promise<{ sheet: ReadableWorksheet; output: GetWorksheetOutput }> {
  const sheet = await readableWorksheet(deps, principal, worksheetId);
  const columns = await deps.engine.profile(sheet);
  return {
    sheet,
    output: {
      worksheet: {
        id: sheet.id,
        name: sheet.name,
        workbookId: sheet.workbookId,
        rowCount: sheet.rowCount,
        columns,
      },
    },
  };
}

/** A page of a readable worksheet's rows (the `read_worksheet` rules), with the worksheet. */
export async function readWorksheetRows(
  deps: CatalogDeps,
  principal: PrincipalRef,
  { worksheetId, columns, filters, sort, limit, cursor }: ReadWorksheetInput,
): Promise<{ sheet: ReadableWorksheet; output: ReadWorksheetOutput }> {
  const sheet = await readableWorksheet(deps, principal, worksheetId);
  const output = await deps.engine.read(sheet, { columns, filters, sort, limit, cursor });
  return { sheet, output };
}
