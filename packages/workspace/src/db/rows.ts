/** A timestamp as both drivers return it (Date), or as text, to ISO 8601 UTC with milliseconds. */
export function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Like `toIso`, keeping null. */
export function toIsoOrNull(value: Date | string | null | undefined): string | null {
  return value == null ? null : toIso(value);
}

/** A bigint column (pg returns text, PGlite a number or bigint) as a JS number. */
export function toNumber(value: string | number | bigint): number {
  return typeof value === 'number' ? value : Number(value);
}

/** Whether a Postgres error is a unique-constraint violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}
