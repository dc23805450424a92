/**
 * The server's `instructions` (initialize / discover result): what the service is for, so an agent
 * picks these tools when the user names Ask Analyst or asks about their workbooks (seed, item 8).
 */
export const INSTRUCTIONS = [
  "Ask Analyst is the analytics service of the user's product workspace. Its tools read the user's",
  'workbooks and worksheets (tabular data sets) and answer questions about that data in plain language',
  '(Ask Analyst analyses, with a summary, a table and a chart).',
  '',
  'Use these tools whenever the user mentions "Ask Analyst", or asks about their workbooks, worksheets,',
  'data in them, or their previous analyses. Find data with list_workbooks and get_workbook (worksheet',
  'ids and exact column names), inspect a worksheet with get_worksheet (exact statistics, frequent',
  'values) or read_worksheet (rows, with filters and sort, up to 1000 a page, nextCursor for more),',
  'ask a question with start_analysis (refine it with continue_analysis, follow a running one with',
  'get_analysis), and see past analyses with list_analyses. whoami tells which account is signed in.',
  "When Ask Analyst's reading refuses a question (not_understood, needs_clarification) and you know",
  "the worksheet's columns and what the user meant, call start_analysis or continue_analysis again",
  'with a plan (the AnalysisPlan shape of answer.query.plan); plan only what the user asked.',
  '',
  'Everything runs as the signed-in user: objects they cannot read are reported as not found. Tool',
  'errors carry a code; on invalid_argument fix the named argument and call again; on rate_limited',
  'wait the given seconds.',
].join('\n');
