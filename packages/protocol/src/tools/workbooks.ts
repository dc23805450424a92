import { z } from 'zod';
import {
  ColumnTypeSchema,
  CursorInputSchema,
  NextCursorSchema,
  RefSchema,
  idOf,
  pageLimitOf,
  textWithoutNul,
} from './common.js';

export const WorkbookIdSchema = idOf('wb', 'workbook');
export const WorkspaceIdSchema = idOf('wsp', 'workspace');
export const WorksheetIdSchema = idOf('ws', 'worksheet');

/** A workbook as `list_workbooks` and `get_workbook` show it (SPEC section 4). */
export const WorkbookSchema = z.object({
  id: z.string().describe('Workbook id (wb_…).'),
  name: z.string(),
  description: z.string(),
  workspace: RefSchema.describe('The workspace holding the workbook (wsp_…).'),
  owner: RefSchema.describe('The user who owns the workbook (usr_…).'),
  updatedAt: z.string().describe('Last change, ISO 8601 UTC.'),
  worksheetCount: z.number().int().nonnegative(),
  url: z.string().describe('The workbook in the Ask Analyst web app.'),
});
export type Workbook = z.infer<typeof WorkbookSchema>;

export const ListWorkbooksInputSchema = z.strictObject({
  query: textWithoutNul(z.string().max(200))
    .optional()
    .describe(
      'Text to look for in workbook names and descriptions (case-insensitive substring, at most 200 characters); omit to list all.',
    ),
  workspaceId: WorkspaceIdSchema.optional().describe('Only workbooks of this workspace (wsp_…).'),
  cursor: CursorInputSchema,
  limit: pageLimitOf('Workbooks'),
});
export type ListWorkbooksInput = z.infer<typeof ListWorkbooksInputSchema>;

export const ListWorkbooksOutputSchema = z.object({
  workbooks: z.array(WorkbookSchema).describe('Workbooks the user can read, by name.'),
  nextCursor: NextCursorSchema,
});
export type ListWorkbooksOutput = z.infer<typeof ListWorkbooksOutputSchema>;

/** A worksheet column as `get_workbook` lists it. */
export const WorksheetColumnSchema = z.object({
  name: z.string().describe('Column name, exact spelling (use it in read_worksheet).'),
  type: ColumnTypeSchema,
  description: z.string().optional(),
});
export type WorksheetColumn = z.infer<typeof WorksheetColumnSchema>;

export const WorksheetSummarySchema = z.object({
  id: z.string().describe('Worksheet id (ws_…).'),
  name: z.string(),
  description: z.string(),
  rowCount: z.number().int().nonnegative(),
  columns: z.array(WorksheetColumnSchema),
});
export type WorksheetSummary = z.infer<typeof WorksheetSummarySchema>;

export const GetWorkbookInputSchema = z.strictObject({
  workbookId: WorkbookIdSchema.describe('The workbook to open (wb_…), from list_workbooks.'),
});
export type GetWorkbookInput = z.infer<typeof GetWorkbookInputSchema>;

export const GetWorkbookOutputSchema = z.object({
  workbook: WorkbookSchema,
  worksheets: z.array(WorksheetSummarySchema).describe('The worksheets, in workbook order.'),
});
export type GetWorkbookOutput = z.infer<typeof GetWorkbookOutputSchema>;
