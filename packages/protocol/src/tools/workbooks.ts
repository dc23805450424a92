import { z } from 'zod';
import { ColumnTypeSchema, CursorInputSchema, NextCursorSchema, RefSchema, idOf } from './common.js';

export const WorkbookIdSchema = idOf('wb', 'workbook');
export const WorkspaceIdSchema = idOf('wsp', 'workspace');
export const WorksheetIdSchema = idOf('ws', 'worksheet');

export const WorkbookSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  workspace: RefSchema,
  owner: RefSchema,
  updatedAt: z.string(),
  worksheetCount: z.number().int(),
  url: z.string(),
});
export type Workbook = z.infer<typeof WorkbookSchema>;

export const ListWorkbooksInputSchema = z.object({
  query: z
    .string()
    .max(200)
    .optional()
    .describe('Words to match in workbook names and descriptions (case-insensitive).'),
  workspaceId: WorkspaceIdSchema.optional().describe('Only workbooks of this workspace (wsp_…).'),
  cursor: CursorInputSchema,
  limit: z.number().int().min(1).max(100).optional().describe('Page size, 1–100 (default 25).'),
});
export type ListWorkbooksInput = z.infer<typeof ListWorkbooksInputSchema>;

export const ListWorkbooksOutputSchema = z.object({
  workbooks: z.array(WorkbookSchema),
  nextCursor: NextCursorSchema,
});
export type ListWorkbooksOutput = z.infer<typeof ListWorkbooksOutputSchema>;

export const WorksheetColumnSchema = z.object({
  name: z.string(),
  type: ColumnTypeSchema,
  description: z.string().optional(),
});

export const WorksheetSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  rowCount: z.number().int(),
  columns: z.array(WorksheetColumnSchema),
});

export const GetWorkbookInputSchema = z.object({
  workbookId: WorkbookIdSchema.describe('The workbook to open (wb_…), from list_workbooks.'),
});
export type GetWorkbookInput = z.infer<typeof GetWorkbookInputSchema>;

export const GetWorkbookOutputSchema = z.object({
  workbook: WorkbookSchema,
  worksheets: z.array(WorksheetSummarySchema),
});
export type GetWorkbookOutput = z.infer<typeof GetWorkbookOutputSchema>;
