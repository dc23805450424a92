import type { Queryable } from '../db/database.js';
import {
  WORKSHEET_COLUMNS,
  toWorksheetRecord,
  type WorksheetRecord,
  type WorksheetRow,
} from '../store/worksheets.js';
import { ACCESS_CTE, type PrincipalRef } from './access.js';
import { hasRole, type Role } from './roles.js';
import {
  WORKBOOK_VIEW_JOINS,
  WORKBOOK_VIEW_SELECT,
  toWorkbookView,
  type LinkOptions,
  type NamedRef,
  type WorkbookView,
  type WorkbookViewRow,
} from './views.js';

/** A worksheet the principal can read, with where it sits and the principal's role there now. */
export interface ReadableWorksheet extends WorksheetRecord {
  workbook: WorkbookView;
  workspace: NamedRef;
  role: Role;
}

type Row = WorksheetRow & WorkbookViewRow;

const FROM = `from worksheets s join workbooks wb on wb.id = s.workbook_id ${WORKBOOK_VIEW_JOINS}`;

function toReadable(row: Row, links: LinkOptions): ReadableWorksheet {
  const workbook = toWorkbookView(row, links);
  return { ...toWorksheetRecord(row), workbook, workspace: workbook.workspace, role: row.wb_role };
}

/** The worksheet if the principal can read it now, else null (unreadable and nonexistent look alike). */
export async function getReadableWorksheet(
  db: Queryable,
  principal: PrincipalRef,
  worksheetId: string,
  links: LinkOptions,
): Promise<ReadableWorksheet | null> {
  const { rows } = await db.query<Row>(
    `with ${ACCESS_CTE} select ${WORKSHEET_COLUMNS}, ${WORKBOOK_VIEW_SELECT} ${FROM} where s.id = $2`,
    [principal.userId, worksheetId],
  );
  return rows[0] ? toReadable(rows[0], links) : null;
}

/**
 * Every worksheet the principal can read now (Ask Analyst chooses among them), by workspace,
 * workbook and position. With `minRole` only those where the principal has at least that role
 * (`analyst` for the ones an analysis may run on).
 */
export async function listReadableWorksheets(
  db: Queryable,
  principal: PrincipalRef,
  options: LinkOptions & { minRole?: Role | undefined; workbookId?: string | undefined },
): Promise<ReadableWorksheet[]> {
  const { rows } = await db.query<Row>(
    `with ${ACCESS_CTE} select ${WORKSHEET_COLUMNS}, ${WORKBOOK_VIEW_SELECT} ${FROM}
     where ($2::text is null or wb.id = $2)
     order by lower(w.name) collate "C", w.id, lower(wb.name) collate "C", wb.id, s.position, s.id`,
    [principal.userId, options.workbookId ?? null],
  );
  const minRole = options.minRole;
  return rows
    .filter((row) => minRole === undefined || hasRole(row.wb_role, minRole))
    .map((row) => toReadable(row, options));
}
