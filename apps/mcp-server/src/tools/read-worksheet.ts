import { readWorksheetRows } from '@ask-analyst/service';
import { ReadWorksheetInputSchema, ReadWorksheetOutputSchema } from '@ask-analyst/protocol';
import { asToolErrors } from './data-errors.js';
import { defineTool, READ_ONLY_ANNOTATIONS } from './define-tool.js';
import { cell, count, table } from './markdown.js';
import { catalogOf } from './catalog.js';

/** Rows shown in the markdown text; the whole page is in `structuredContent`. */
const ROWS_IN_TEXT = 20;

/** One page of a worksheet's rows, filtered and sorted, for the signed-in user. */
export const readWorksheet = defineTool({
  name: 'read_worksheet',
  title: 'Read worksheet rows (Ask Analyst)',
  description:
    'Reads rows of one Ask Analyst worksheet by id (ws_…, from get_workbook), one page at a time: ' +
    'optional `columns` to return, `filters` (all must hold; ops eq, ne, lt, lte, gt, gte, in, ' +
    'contains, is_null, not_null; dates as YYYY-MM-DD, timestamps as ISO 8601), `sort` (ties and ' +
    'unsorted rows keep the worksheet order), `limit` 1–1000 rows (default 100). Returns the ' +
    'columns with types, rows as arrays (null for empty cells), `totalRows` matching the filters, ' +
    'and `nextCursor`: pass it as `cursor`, with the same other arguments, for the next page (null ' +
    'at the end). Use it to look up or list specific records; for totals, trends or comparisons ' +
    'prefer an analysis (start_analysis) over paging through large worksheets. Column names are ' +
    'exact and case-sensitive; a bad argument is invalid_argument naming the field.',
  scope: 'workbooks.read',
  inputSchema: ReadWorksheetInputSchema,
  outputSchema: ReadWorksheetOutputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  async handler(args, ctx) {
    const { sheet, output: page } = await asToolErrors(() =>
      readWorksheetRows(catalogOf(ctx), ctx.principal, args),
    );
    const shown = page.rows.slice(0, ROWS_IN_TEXT);
    const summary =
      `${count(page.rows.length)} of ${count(page.totalRows)} rows` +
      (page.nextCursor ? `; more with cursor \`${page.nextCursor}\`` : '; no more pages');
    const text =
      page.rows.length === 0
        ? [
            `**${cell(sheet.name)}** (\`${sheet.id}\`): ` +
              (page.totalRows === 0 ? 'no rows match.' : 'no rows on this page.'),
            summary,
          ]
        : [
            `**${cell(sheet.name)}** (\`${sheet.id}\`)` +
              (shown.length < page.rows.length
                ? `, first ${shown.length} rows of this page:`
                : ':'),
            '',
            table(
              page.columns.map((column) => column.name),
              shown,
            ),
            '',
            summary,
          ];
    return { structuredContent: page, text: text.join('\n') };
  },
});
