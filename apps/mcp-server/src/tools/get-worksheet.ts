import { GetWorksheetInputSchema, GetWorksheetOutputSchema } from '@ask-analyst/protocol';
import { profileWorksheet } from '@ask-analyst/service';
import { asToolErrors } from './data-errors.js';
import { defineTool, READ_ONLY_ANNOTATIONS } from './define-tool.js';
import { cell, count, table } from './markdown.js';
import { catalogOf } from './catalog.js';

/** Top values shown per column in the markdown text (all, up to 10, are in structuredContent). */
const TOP_IN_TEXT = 3;

/** Exact per-column statistics of one worksheet the signed-in user can read. */
export const getWorksheet = defineTool({
  name: 'get_worksheet',
  title: 'Profile a worksheet (Ask Analyst)',
  description:
    'Profiles one Ask Analyst worksheet by id (ws_…, from get_workbook): its exact row count and, ' +
    'per column, the type, the exact number of empty cells and of distinct values, the minimum ' +
    'and maximum, and for text columns the up to 10 most frequent values with their counts. Use it ' +
    'to understand a data set before reading rows (read_worksheet) or asking a question, e.g. to ' +
    'learn which values a filter can take. On large worksheets the first profile can take a few ' +
    'seconds; later ones are served from cache. A worksheet the user cannot read is not_found.',
  scope: 'workbooks.read',
  inputSchema: GetWorksheetInputSchema,
  outputSchema: GetWorksheetOutputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  async handler(args, ctx) {
    const { sheet, output } = await asToolErrors(() =>
      profileWorksheet(catalogOf(ctx), ctx.principal, args),
    );
    const { columns } = output.worksheet;
    const rows = columns.map((column) => [
      column.name,
      column.type,
      count(column.nullCount),
      count(column.distinctCount),
      column.min ?? '',
      column.max ?? '',
      (column.topValues ?? [])
        .slice(0, TOP_IN_TEXT)
        .map((top) => `${top.value} (${count(top.count)})`)
        .join(', '),
    ]);
    return {
      structuredContent: output,
      text: [
        `**${cell(sheet.name)}** (\`${sheet.id}\`) in ${cell(sheet.workbook.name)}: ` +
          `${count(sheet.rowCount)} rows`,
        '',
        table(['column', 'type', 'empty', 'distinct', 'min', 'max', 'most frequent'], rows),
      ].join('\n'),
    };
  },
});
