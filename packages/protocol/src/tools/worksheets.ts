import { z } from 'zod';
import {
  CellSchema,
  ColumnTypeSchema,
  CursorInputSchema,
  NextCursorSchema,
  ScalarSchema,
} from './common.js';
import { WorksheetIdSchema } from './workbooks.js';

/** Exact statistics of one column (SPEC section 4). */
export const ColumnProfileSchema = z.object({
  name: z.string(),
  type: ColumnTypeSchema,
  nullCount: z.number().int().nonnegative().describe('Rows where the column is empty.'),
  distinctCount: z.number().int().nonnegative().describe('Distinct non-empty values.'),
  min: ScalarSchema.optional().describe('Smallest value; absent when the column is all empty.'),
  max: ScalarSchema.optional().describe('Largest value; absent when the column is all empty.'),
  topValues: z
    .array(z.object({ value: z.string(), count: z.number().int().positive() }))
    .max(10)
    .optional()
    .describe('String columns: up to 10 most frequent values, most frequent first.'),
});
export type ColumnProfile = z.infer<typeof ColumnProfileSchema>;

export const GetWorksheetInputSchema = z.strictObject({
  worksheetId: WorksheetIdSchema.describe('The worksheet to profile (ws_…), from get_workbook.'),
});
export type GetWorksheetInput = z.infer<typeof GetWorksheetInputSchema>;

export const GetWorksheetOutputSchema = z.object({
  worksheet: z.object({
    id: z.string().describe('Worksheet id (ws_…).'),
    name: z.string(),
    workbookId: z.string().describe('The workbook holding it (wb_…).'),
    rowCount: z.number().int().nonnegative(),
    columns: z.array(ColumnProfileSchema),
  }),
});
export type GetWorksheetOutput = z.infer<typeof GetWorksheetOutputSchema>;

export const FILTER_OPS = [
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'contains',
  'is_null',
  'not_null',
] as const;
export const FilterOpSchema = z.enum(FILTER_OPS);
export type FilterOp = z.infer<typeof FilterOpSchema>;

export const FilterSchema = z.strictObject({
  column: z.string().min(1).max(200).describe('Column name, exactly as get_workbook lists it.'),
  op: FilterOpSchema.describe(
    'eq, ne, lt, lte, gt, gte (exact, case-sensitive; ne also keeps empty cells); in (value is an array); contains (string columns, case-insensitive substring); is_null; not_null.',
  ),
  value: z
    .union([ScalarSchema, z.array(ScalarSchema).min(1).max(1000)])
    .nullish()
    .describe(
      "Value in the column's type: dates YYYY-MM-DD, timestamps ISO 8601; an array of 1–1000 values for in; omitted for is_null and not_null.",
    ),
});
export type Filter = z.infer<typeof FilterSchema>;

export const SortSchema = z.strictObject({
  column: z
    .string()
    .min(1)
    .max(200)
    .describe('Column to sort on, exactly as get_workbook lists it.'),
  direction: z
    .enum(['asc', 'desc'])
    .default('asc')
    .describe('asc (default) or desc; empty cells always come last.'),
});
export type Sort = z.infer<typeof SortSchema>;

export const ReadWorksheetInputSchema = z.strictObject({
  worksheetId: WorksheetIdSchema.describe('The worksheet to read (ws_…), from get_workbook.'),
  columns: z
    .array(z.string().min(1).max(200))
    .min(1)
    .max(200)
    .optional()
    .describe('Columns to return, in this order (default: all, in worksheet order).'),
  filters: z
    .array(FilterSchema)
    .max(20)
    .optional()
    .describe('Up to 20 row filters, all of which must hold.'),
  sort: z
    .array(SortSchema)
    .max(5)
    .optional()
    .describe('Up to 5 sort keys; ties keep the worksheet order (default: worksheet order).'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe('Rows per page, 1–1000 (default 100).'),
  cursor: CursorInputSchema.describe(
    'Opaque cursor from the previous page (`nextCursor`); send it with exactly the same other arguments. Omit for the first page.',
  ),
});
export type ReadWorksheetInput = z.infer<typeof ReadWorksheetInputSchema>;

export const ReadWorksheetOutputSchema = z.object({
  columns: z.array(z.object({ name: z.string(), type: ColumnTypeSchema })),
  rows: z
    .array(z.array(CellSchema))
    .describe('One array per row, values in the order of columns; null for an empty cell.'),
  totalRows: z.number().int().nonnegative().describe('Rows matching the filters (all pages).'),
  nextCursor: NextCursorSchema,
});
export type ReadWorksheetOutput = z.infer<typeof ReadWorksheetOutputSchema>;
