import { ListWorkbooksInputSchema, ListWorkbooksOutputSchema } from '@ask-analyst/protocol';
import { listWorkbooks as listReadable } from '@ask-analyst/service';
import { asToolErrors } from './data-errors.js';
import { defineTool, READ_ONLY_ANNOTATIONS } from './define-tool.js';
import { cell, plural } from './markdown.js';
import { catalogOf } from './catalog.js';

/** The workbooks the signed-in user can read, found by text or workspace, one page at a time. */
export const listWorkbooks = defineTool({
  name: 'list_workbooks',
  title: 'List workbooks (Ask Analyst)',
  description:
    'Lists the Ask Analyst workbooks the signed-in user can read, by name: each with its id (wb_…), ' +
    'description, workspace, owner, last update, number of worksheets and a link to the web app. ' +
    'Use it first when the user asks what data they have, or names a data set, to find the workbook ' +
    'id for get_workbook. `query` matches a case-insensitive substring of the name or description; ' +
    '`workspaceId` keeps one workspace. Returns up to `limit` workbooks (1–100, default 25); when ' +
    '`nextCursor` is not null, call again with it as `cursor` (and the same query) for more. ' +
    'Workbooks of workspaces the user has no role in are never listed.',
  scope: 'workbooks.read',
  inputSchema: ListWorkbooksInputSchema,
  outputSchema: ListWorkbooksOutputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  async handler(args, ctx) {
    const { query, cursor } = args;
    const page = await asToolErrors(() => listReadable(catalogOf(ctx), ctx.principal, args));
    const lines = page.workbooks.map(
      (wb) =>
        `- **${cell(wb.name)}** (\`${wb.id}\`, ${cell(wb.workspace.name)}, ` +
        `${plural(wb.worksheetCount, 'worksheet')}): ${cell(wb.description, 200)}`,
    );
    const heading =
      page.workbooks.length === 0
        ? cursor
          ? 'No more workbooks.'
          : 'No workbooks found that you can read' + (query ? ` matching "${cell(query)}".` : '.')
        : `${plural(page.workbooks.length, 'workbook')}${query ? ` matching "${cell(query)}"` : ''}:`;
    const more = page.nextCursor ? [``, `More with \`cursor\`: \`${page.nextCursor}\``] : [];
    return {
      structuredContent: page,
      text: [heading, ...lines, ...more].join('\n'),
    };
  },
});
