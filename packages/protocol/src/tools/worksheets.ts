import { z } from 'zod';
import { CellSchema, ColumnTypeSchema, CursorInputSchema, NextCursorSchema } from './common.js';
import { WorksheetIdSchema } from './workbooks.js';

export const ColumnProfileSchema = z.object({
  name: z.string(),
  type: ColumnTypeSchema,
  nullCount: z.number().int(),
  distinctCount: z.number().int(),
  min: z.union([z.string(), z.number(), z.boolean()]).optional(),
  max: z.union([z.string(), z.number(), z.boolean()]).optional(),
  topValues: z.array(z.object({ value: z.string(), count: z.number().int() })).optional(),
});

export const GetWorksheetInputSchema = z.object({
  worksheetId: WorksheetIdSchema.describe('The worksheet to profile (ws_…), from get_workbook.'),
});
export type GetWorksheetInput = z.infer<typeof GetWorksheetInputSchema>;

export const GetWorksheetOutputSchema = z.object({
  worksheet: z.object({
    id: z.string(),
    name: z.string(),
    workbookId: z.string(),
    rowCount: z.number().int(),
    columns: z.array(ColumnProfileSchema),
  }),
});
export type GetWorksheetOutput = z.infer<typeof GetWorksheetOutputSchema>;

export const FILTER_OPS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'contains', 'is_null', 'not_null'] as const;

export const FilterSchema = z.object({
  column: z.string().min(1).max(200).describe('Column name, exactly as listed by get_workbook.'),
  op: z
    .enum(FILTER_OPS)
    .describe(
      'eq, ne, lt, lte, gt, gte (exact, case-sensitive); in (value is an array); contains (strings, case-insensitive); is_null; not_null.',
    ),
  value: z
    .unknown()
    .optional()
    .describe('Compared value: dates YYYY-MM-DD, timestamps ISO 8601; an array for `in`; none for is_null/not_null.'),
});
export type Filter = z.infer<typeof FilterSchema>;

export const SortSchema = z.object({
  column: z.string().min(1).max(200),
  direction: z.enum(['asc', 'desc']).default('asc'),
});

export const ReadWorksheetInputSchema = z.object({
  worksheetId: WorksheetIdSchema.describe('The worksheet to read (ws_…).'),
  columns: z.array(z.string().min(1).max(200)).min(1).max(200).optional().describe('Columns to return (default: all).'),
  filters: z.array(FilterSchema).max(20).optional().describe('Row filters, all of which must hold.'),
  sort: z.array(SortSchema).max(5).optional().describe('Sort keys; ties keep the worksheet order.'),
  limit: z.number().int().min(1).max(1000).optional().describe('Rows per page, 1–1000 (default 100).'),
  cursor: CursorInputSchema,
});
export type ReadWorksheetInput = z.infer<typeof ReadWorksheetInputSchema>;

export const ReadWorksheetOutputSchema = z.object({
  columns: z.array(z.object({ name: z.string(), type: ColumnTypeSchema })),
  rows: z.array(z.array(CellSchema)),
  totalRows: z.number().int().describe('Rows matching the filters.'),
  nextCursor: NextCursorSchema,
});
export type ReadWorksheetOutput = z.infer<typeof ReadWorksheetOutputSchema>;
