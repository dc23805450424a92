import { GetWorkbookInputSchema, GetWorkbookOutputSchema } from '@ask-analyst/protocol';
import { describeWorkbook } from '@ask-analyst/service';
import { asToolErrors } from './data-errors.js';
import { defineTool, READ_ONLY_ANNOTATIONS } from './define-tool.js';
import { atLineStart, cell, count, plural } from './markdown.js';
import { catalogOf } from './catalog.js';

/** One workbook the signed-in user can read, with its worksheets and their columns. */
export const getWorkbook = defineTool({
  name: 'get_workbook',
  title: 'Get a workbook (Ask Analyst)',
  description:
    'Opens one Ask Analyst workbook by id (wb_…, from list_workbooks): its details and its ' +
    'worksheets in order, each with id (ws_…), description, exact row count and columns (exact ' +
    'name, type, and description when there is one). Use it to see what data a workbook holds ' +
    'and the column names before get_worksheet (statistics), read_worksheet (rows) or an ' +
    'analysis. A workbook the user cannot read is reported as not_found, like one that does ' +
    'not exist.',
  scope: 'workbooks.read',
  inputSchema: GetWorkbookInputSchema,
  outputSchema: GetWorkbookOutputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  async handler(args, ctx) {
    const { workbook, worksheets } = await asToolErrors(() =>
      describeWorkbook(catalogOf(ctx), ctx.principal, args),
    );
    const text = [
      `**${cell(workbook.name)}** (\`${workbook.id}\`) in ${cell(workbook.workspace.name)}, ` +
        `owned by ${cell(workbook.owner.name)}, updated ${workbook.updatedAt}`,
      atLineStart(cell(workbook.description, 400)),
      '',
      ...worksheets.map(
        (sheet) =>
          `- **${cell(sheet.name)}** (\`${sheet.id}\`, ${count(sheet.rowCount)} rows, ` +
          `${plural(sheet.columns.length, 'column')}): ` +
          sheet.columns.map((column) => `${cell(column.name)} (${column.type})`).join(', '),
      ),
      '',
      workbook.url,
    ];
    return { structuredContent: { workbook, worksheets }, text: text.join('\n') };
  },
});
