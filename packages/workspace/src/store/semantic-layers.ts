import type { WorksheetColumn } from '../data/types.js';
import type { Queryable } from '../db/database.js';
import { WorkspaceError } from '../errors.js';
import { checkSemanticLayer, type SemanticLayer } from '../semantics/layer.js';

/** A worksheet's semantic layer, or null when there is no such worksheet (no permission check). */
export async function getSemanticLayer(
  db: Queryable,
  worksheetId: string,
): Promise<SemanticLayer | null> {
  const { rows } = await db.query<{ semantics: SemanticLayer }>(
    'select semantics from worksheets where id = $1',
    [worksheetId],
  );
  return rows[0]?.semantics ?? null;
}

/**
 * Replaces a worksheet's whole semantic layer after checking it against the worksheet's columns
 * (`checkSemanticLayer`: `invalid_argument` naming each bad column); returns the layer as stored,
 * in column order. `not_found` when there is no such worksheet. No permission check: callers
 * (the import, the seed, an admin page) check who may describe the worksheet.
 */
export async function setSemanticLayer(
  db: Queryable,
  worksheetId: string,
  layer: unknown,
): Promise<SemanticLayer> {
  const { rows } = await db.query<{ columns: WorksheetColumn[] }>(
    'select columns from worksheets where id = $1',
    [worksheetId],
  );
  if (!rows[0]) throw new WorkspaceError('not_found', `No worksheet with id ${worksheetId}`);
  const checked = checkSemanticLayer(layer, rows[0].columns);
  await db.query('update worksheets set semantics = $2::jsonb, updated_at = now() where id = $1', [
    worksheetId,
    JSON.stringify(checked),
  ]);
  return checked;
}
