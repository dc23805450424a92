import type { Queryable } from '../db/database.js';
import { listWorksheets, type WorksheetRecord } from '../store/worksheets.js';
import { ACCESS_CTE, type PrincipalRef } from './access.js';
import { LIST_CURSOR_SECRET, decodeCursor, keysetPage, pageLimit } from './cursor.js';
import { serviceSecret } from '../secrets/service-secret.js';
import {
  WORKBOOK_VIEW_JOINS,
  WORKBOOK_VIEW_SELECT,
  toWorkbookView,
  type LinkOptions,
  type WorkbookView,
  type WorkbookViewRow,
} from './views.js';

export interface ListWorkbooksOptions extends LinkOptions {
  /** Case-insensitive substring of the name or description (≤ 200 characters). */
  query?: string | undefined;
  workspaceId?: string | undefined;
  cursor?: string | undefined;
  /** 1–100, default 25. */
  limit?: number | undefined;
}

/**
 * The workbooks the principal can read now, by name (case-insensitive) then id, one page at a
 * time. Workbooks of workspaces where the principal has no role are not listed (they do not exist
 * for them); a revoked user or an organization out of the beta gets an empty list.
 */
export async function listReadableWorkbooks(
  db: Queryable,
  principal: PrincipalRef,
  options: ListWorkbooksOptions,
): Promise<{ workbooks: WorkbookView[]; nextCursor: string | null }> {
  const limit = pageLimit(options.limit);
  const query = options.query?.trim() || null;
  const args = { query, workspaceId: options.workspaceId ?? null };
  const secret = await serviceSecret(db, LIST_CURSOR_SECRET);
  const after = options.cursor ? decodeCursor(options.cursor, 'workbooks', args, 2, secret) : null;
  const { rows } = await db.query<WorkbookViewRow & { sort_key: string }>(
    `with ${ACCESS_CTE}
     select ${WORKBOOK_VIEW_SELECT}, lower(wb.name) as sort_key
     from workbooks wb ${WORKBOOK_VIEW_JOINS}
     where ($2::text is null or wb.workspace_id = $2)
       and ($3::text is null or strpos(lower(wb.name), lower($3)) > 0
            or strpos(lower(wb.description), lower($3)) > 0)
       and ($4::text is null or (lower(wb.name) collate "C", wb.id) > ($4::text collate "C", $5::text))
     order by lower(wb.name) collate "C", wb.id
     limit $6`,
    [principal.userId, args.workspaceId, query, after?.[0] ?? null, after?.[1] ?? null, limit + 1],
  );
  const { page, nextCursor } = keysetPage(rows, limit, {
    list: 'workbooks',
    secret,
    args,
    key: (last) => [last.sort_key, last.wb_id],
  });
  return { workbooks: page.map((row) => toWorkbookView(row, options)), nextCursor };
}

/** The workbook if the principal can read it now; null when it does not exist or is not theirs to see. */
export async function getReadableWorkbook(
  db: Queryable,
  principal: PrincipalRef,
  workbookId: string,
  links: LinkOptions,
): Promise<WorkbookView | null> {
  const { rows } = await db.query<WorkbookViewRow>(
    `with ${ACCESS_CTE} select ${WORKBOOK_VIEW_SELECT} from workbooks wb ${WORKBOOK_VIEW_JOINS} where wb.id = $2`,
    [principal.userId, workbookId],
  );
  return rows[0] ? toWorkbookView(rows[0], links) : null;
}

/** A readable workbook with its worksheets in order (what `get_workbook` shows), or null. */
export async function getReadableWorkbookWithWorksheets(
  db: Queryable,
  principal: PrincipalRef,
  workbookId: string,
  links: LinkOptions,
): Promise<{ workbook: WorkbookView; worksheets: WorksheetRecord[] } | null> {
  const workbook = await getReadableWorkbook(db, principal, workbookId, links);
  return workbook ? { workbook, worksheets: await listWorksheets(db, workbook.id) } : null;
}
