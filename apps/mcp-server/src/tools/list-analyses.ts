import { ListAnalysesInputSchema, ListAnalysesOutputSchema } from '@ask-analyst/protocol';
import { asToolErrors } from './data-errors.js';
import { defineTool, READ_ONLY_ANNOTATIONS } from './define-tool.js';
import { plural, table } from './markdown.js';

/** The signed-in user's Ask Analyst history, newest first. */
export const listAnalyses = defineTool({
  name: 'list_analyses',
  title: 'Ask Analyst: list past analyses',
  description:
    "Lists the signed-in user's Ask Analyst conversations, newest first, one page at a time (limit " +
    '1–100, default 25; pass nextCursor as cursor for more). Each has its id (conv_…), title (the ' +
    'first question), workspace, number of turns, times and a link to the web app. Open one with ' +
    'get_analysis or continue it with continue_analysis. Only conversations in workspaces the user ' +
    'can still read are listed.',
  scope: 'workbooks.read',
  inputSchema: ListAnalysesInputSchema,
  outputSchema: ListAnalysesOutputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  async handler(args, ctx) {
    const page = await asToolErrors(() => ctx.analyses.history(ctx.principal, args));
    const { conversations } = page;
    const text =
      conversations.length === 0
        ? 'No Ask Analyst conversations yet. Start one with start_analysis.'
        : [
            `${plural(conversations.length, 'conversation')}${page.nextCursor ? `; more with cursor \`${page.nextCursor}\`` : ''}:`,
            '',
            table(
              ['id', 'title', 'workspace', 'turns', 'updated'],
              conversations.map((c) => [c.id, c.title, c.workspace.name, c.turnCount, c.updatedAt]),
            ),
          ].join('\n');
    return { structuredContent: { conversations, nextCursor: page.nextCursor }, text };
  },
});
