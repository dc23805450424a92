import type { DuckDBType, DuckDBValue } from '@duckdb/node-api';

/** A double-quoted SQL identifier; names come from a known column list, never from free text. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A single-quoted SQL literal, for paths the engine built itself (COPY targets cannot be bound). */
export function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** Collects typed positional parameters while a statement is built. */
export class SqlParams {
  readonly values: DuckDBValue[] = [];
  readonly types: DuckDBType[] = [];

  /** Adds a parameter and returns its placeholder (`$1`, `$2`, …). */
  add(value: DuckDBValue, type: DuckDBType): string {
    this.values.push(value);
    this.types.push(type);
    return `$${this.values.length}`;
  }
}
