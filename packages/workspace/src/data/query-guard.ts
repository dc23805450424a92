import { invalidArgument } from './errors.js';
import type { QuerySession } from './limits.js';
import { quoteLiteral } from './sql.js';

/** Most characters of a query. */
export const MAX_SQL_LENGTH = 100_000;

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null;
}

function refuse(message: string): never {
  throw invalidArgument('sql', message);
}

/** Every object of a parsed tree, depth first. */
function* walk(value: unknown): Generator<Node> {
  if (Array.isArray(value)) {
    for (const item of value) yield* walk(item);
  } else if (isNode(value)) {
    yield value;
    for (const child of Object.values(value)) yield* walk(child);
  }
}

/** CTE names declared anywhere in the tree (DuckDB serialises them as `cte_map.map[].key`). */
function cteNames(tree: unknown): Set<string> {
  const names = new Set<string>();
  for (const node of walk(tree)) {
    const map = isNode(node.cte_map) ? node.cte_map.map : undefined;
    if (!Array.isArray(map)) continue;
    for (const entry of map) {
      if (isNode(entry) && typeof entry.key === 'string') names.add(entry.key.toLowerCase());
    }
  }
  return names;
}

/**
 * Checks that `sql` is one read-only SELECT that reads only the given views (and its own CTEs):
 * no table functions (read_csv, read_parquet, glob, query, …), no file paths used as tables, no
 * catalog or schema-qualified names. It is parsed by DuckDB itself (`json_serialize_sql`, which
 * only accepts SELECT statements), so the check sees what DuckDB would run. The locked instance
 * configuration is the second line: files outside the worksheets folder stay unreachable anyway.
 */
export async function checkQuery(
  session: QuerySession,
  sql: string,
  views: ReadonlySet<string>,
): Promise<void> {
  if (sql.length === 0 || sql.length > MAX_SQL_LENGTH)
    refuse(`sql must be 1–${MAX_SQL_LENGTH} characters`);
  let statements: number;
  try {
    statements = (await session.connection.extractStatements(sql)).count;
  } catch (error) {
    refuse(
      `sql does not parse: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : ''}`,
    );
  }
  if (statements !== 1) refuse('sql must be exactly one SELECT statement');
  // json_serialize_sql takes only a constant, so the statement goes in as an escaped literal: it
  // is parsed here, never run.
  const reader = await session.readAll(`SELECT json_serialize_sql(${quoteLiteral(sql)})`);
  const tree = JSON.parse(String(reader.getRows()[0]?.[0] ?? '{}')) as Node;
  if (tree.error !== false) refuse('sql must be a single read-only SELECT statement');
  const allowed = new Set([...views].map((name) => name.toLowerCase()));
  for (const name of cteNames(tree)) allowed.add(name);
  for (const node of walk(tree)) {
    if (node.type === 'TABLE_FUNCTION')
      refuse('sql may not call table functions; read the given views');
    if (node.type !== 'BASE_TABLE') continue;
    const name = typeof node.table_name === 'string' ? node.table_name : '';
    if (node.schema_name || node.catalog_name || !allowed.has(name.toLowerCase())) {
      refuse(`sql may only read the given views; ${JSON.stringify(name)} is not one of them`);
    }
  }
}
