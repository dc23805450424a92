import { toIso, toNumber } from '../db/rows.js';
import type { Role } from './roles.js';

/** `{ id, name }` of a workspace or a user, as the tools show them. */
export interface NamedRef {
  id: string;
  name: string;
}

/** A workbook as `list_workbooks` and `get_workbook` show it (SPEC section 4). */
export interface WorkbookView {
  id: string;
  name: string;
  description: string;
  workspace: NamedRef;
  owner: NamedRef;
  /** ISO 8601 UTC. */
  updatedAt: string;
  worksheetCount: number;
  url: string;
}

/** Where links into the product web app point (`APP_URL`, no trailing slash needed). */
export interface LinkOptions {
  appUrl: string;
}

/**
 * Select list and joins of a workbook the principal can read (needs `ACCESS_CTE`; workbook alias
 * `wb`). Every column is prefixed `wb_` so it can sit next to a worksheet's columns.
 */
export const WORKBOOK_VIEW_SELECT = `wb.id as wb_id, wb.name as wb_name, wb.description as wb_description,
  wb.updated_at as wb_updated_at, w.id as wb_workspace_id, w.name as wb_workspace_name,
  ow.id as wb_owner_id, ow.name as wb_owner_name, a.role as wb_role,
  wb.worksheet_count as wb_worksheet_count`;

export const WORKBOOK_VIEW_JOINS = `join access a on a.workspace_id = wb.workspace_id
  join workspaces w on w.id = wb.workspace_id
  join users ow on ow.id = wb.owner_id`;

/** A row selected with `WORKBOOK_VIEW_SELECT`. */
export interface WorkbookViewRow {
  wb_id: string;
  wb_name: string;
  wb_description: string;
  wb_updated_at: Date | string;
  wb_workspace_id: string;
  wb_workspace_name: string;
  wb_owner_id: string;
  wb_owner_name: string;
  wb_role: Role;
  wb_worksheet_count: string | number;
}

/** Maps a row selected with `WORKBOOK_VIEW_SELECT`. */
export function toWorkbookView(row: WorkbookViewRow, links: LinkOptions): WorkbookView {
  return {
    id: row.wb_id,
    name: row.wb_name,
    description: row.wb_description,
    workspace: { id: row.wb_workspace_id, name: row.wb_workspace_name },
    owner: { id: row.wb_owner_id, name: row.wb_owner_name },
    updatedAt: toIso(row.wb_updated_at),
    worksheetCount: toNumber(row.wb_worksheet_count),
    url: appLink(links, 'workbooks', row.wb_id),
  };
}

/** `${appUrl}/${section}/${id}`. */
export function appLink(links: LinkOptions, section: string, id: string): string {
  return `${links.appUrl.replace(/\/+$/, '')}/${section}/${encodeURIComponent(id)}`;
}
