import type { WorksheetColumn } from '../data/types.js';
import type { Queryable } from '../db/database.js';
import { toIso, toNumber } from '../db/rows.js';
import { newId } from '../ids/ids.js';
import type { SemanticLayer } from '../semantics/layer.js';

/** A worksheet: a table of data (a Parquet file under the data folder) in a workbook. */
export interface WorksheetRecord {
  id: string;
  workbookId: string;
  name: string;
  description: string;
  position: number;
  rowCount: number;
  columns: WorksheetColumn[];
  /** What a data steward says about its columns (labels, synonyms, units…); see `semantics/`. */
  semantics: SemanticLayer;
  /** Where the data lives, relative to the worksheet engine's data folder. */
  dataPath: string;
  createdAt: string;
  updatedAt: string;
}

/** A worksheet row as selected with `WORKSHEET_COLUMNS`. */
export interface WorksheetRow {
  id: string;
  workbook_id: string;
  name: string;
  description: string;
  position: number;
  row_count: string | number;
  columns: WorksheetColumn[];
  semantics: SemanticLayer;
  data_path: string;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The select list of a worksheet row, for queries that join other tables (alias `s`). */
export const WORKSHEET_COLUMNS =
  's.id, s.workbook_id, s.name, s.description, s.position, s.row_count, s.columns, s.semantics, s.data_path, s.created_at, s.updated_at';

/** Maps a row selected with `WORKSHEET_COLUMNS`. */
export function toWorksheetRecord(row: WorksheetRow): WorksheetRecord {
  return {
    id: row.id,
    workbookId: row.workbook_id,
    name: row.name,
    description: row.description,
    position: row.position,
    rowCount: toNumber(row.row_count),
    columns: row.columns,
    semantics: row.semantics,
    dataPath: row.data_path,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/**
 * Records a worksheet whose data is already in place. Without `position` it goes after the
 * workbook's last worksheet. Names are unique within a workbook.
 */
export async function createWorksheet(
  db: Queryable,
  input: {
    workbookId: string;
    name: string;
    description?: string;
    rowCount: number;
    columns: WorksheetColumn[];
    dataPath: string;
    position?: number;
    id?: string;
  },
): Promise<WorksheetRecord> {
  const { rows } = await db.query<WorksheetRow>(
    `insert into worksheets as s (id, workbook_id, name, description, position, row_count, columns, data_path)
     values ($1, $2, $3, $4,
       coalesce($5, (select coalesce(max(position) + 1, 0) from worksheets where workbook_id = $2)),
       $6, $7::jsonb, $8)
     returning ${WORKSHEET_COLUMNS}`,
    [
      input.id ?? newId('ws'),
      input.workbookId,
      input.name,
      input.description ?? '',
      input.position ?? null,
      input.rowCount,
      JSON.stringify(input.columns),
      input.dataPath,
    ],
  );
  return toWorksheetRecord(rows[0]!);
}

/** The worksheet with this id, or null (no permission check: see `permissions/`). */
export async function getWorksheet(db: Queryable, id: string): Promise<WorksheetRecord | null> {
  const { rows } = await db.query<WorksheetRow>(
    `select ${WORKSHEET_COLUMNS} from worksheets s where s.id = $1`,
    [id],
  );
  return rows[0] ? toWorksheetRecord(rows[0]) : null;
}

/** The worksheet with this exact name in a workbook, or null. */
export async function findWorksheetByName(
  db: Queryable,
  workbookId: string,
  name: string,
): Promise<WorksheetRecord | null> {
  const { rows } = await db.query<WorksheetRow>(
    `select ${WORKSHEET_COLUMNS} from worksheets s where s.workbook_id = $1 and s.name = $2`,
    [workbookId, name],
  );
  return rows[0] ? toWorksheetRecord(rows[0]) : null;
}

/** A workbook's worksheets in their order. */
export async function listWorksheets(
  db: Queryable,
  workbookId: string,
): Promise<WorksheetRecord[]> {
  const { rows } = await db.query<WorksheetRow>(
    `select ${WORKSHEET_COLUMNS} from worksheets s where s.workbook_id = $1 order by s.position, s.id`,
    [workbookId],
  );
  return rows.map(toWorksheetRecord);
}

/** Every data path the database refers to (what orphan cleanup must keep). */
export async function listDataPaths(db: Queryable): Promise<Set<string>> {
  const { rows } = await db.query<{ data_path: string }>('select data_path from worksheets');
  return new Set(rows.map((r) => r.data_path));
}
