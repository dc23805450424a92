import { z } from 'zod';

/** Column types of worksheets (SPEC section 4). */
export const COLUMN_TYPES = [
  'string',
  'integer',
  'number',
  'boolean',
  'date',
  'timestamp',
] as const;
export const ColumnTypeSchema = z
  .enum(COLUMN_TYPES)
  .describe('string, integer, number, boolean, date (YYYY-MM-DD) or timestamp (ISO 8601 UTC).');
export type ColumnType = z.infer<typeof ColumnTypeSchema>;

/**
 * An opaque identifier with its type prefix (`wb_`, `ws_`, …). Only the shape is checked: an id
 * that is well formed but unknown, or not readable by the caller, is `not_found`, never told apart.
 */
export const idOf = (prefix: string, what: string) =>
  z
    .string()
    .min(1)
    .max(100)
    .regex(new RegExp(`^${prefix}_[0-9a-z]+$`), `must be a ${what} id starting with ${prefix}_`);

/**
 * Free text that is stored or searched in the product database: PostgreSQL text cannot hold
 * U+0000, so a NUL is refused as an invalid argument instead of failing deep in a query.
 */
export const textWithoutNul = (schema: z.ZodString) =>
  schema.refine((value) => !value.includes('\u0000'), {
    message: 'must not contain NUL (U+0000) characters',
  });

export const CursorInputSchema = z
  .string()
  .min(1)
  .max(4096)
  .nullish()
  .describe('Opaque cursor from the previous page (`nextCursor`); omit for the first page.');

/** Items per page of a list tool: 1–100, default 25 (SPEC section 4); `items` names them. */
export const pageLimitOf = (items: string) =>
  z.number().int().min(1).max(100).optional().describe(`${items} per page, 1–100 (default 25).`);

export const NextCursorSchema = z
  .string()
  .nullable()
  .describe('Pass as `cursor` to get the next page; null at the end.');

export const RefSchema = z.object({ id: z.string(), name: z.string() });
export type Ref = z.infer<typeof RefSchema>;

/** A scalar as it travels: dates `YYYY-MM-DD`, timestamps ISO 8601 UTC, unsafe 64-bit integers as strings. */
export const ScalarSchema = z.union([z.string(), z.number(), z.boolean()]);

/** A cell value as it travels: a scalar, or null for an empty cell. */
export const CellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type Cell = z.infer<typeof CellSchema>;
