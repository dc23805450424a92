import { z } from 'zod';
import {
  CellSchema,
  ColumnTypeSchema,
  CursorInputSchema,
  NextCursorSchema,
  RefSchema,
  ScalarSchema,
  idOf,
  pageLimitOf,
  textWithoutNul,
} from './common.js';
import { WorkbookIdSchema, WorksheetIdSchema } from './workbooks.js';
import { FilterOpSchema } from './worksheets.js';

export const ConversationIdSchema = idOf('conv', 'conversation');
export const TurnIdSchema = idOf('turn', 'turn');

/** `queued → running → succeeded | failed | cancelled` (SPEC section 4). */
export const TURN_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export const TurnStatusSchema = z.enum(TURN_STATUSES);
export type TurnStatus = z.infer<typeof TurnStatusSchema>;

/** States a turn never leaves. */
export const FINISHED_TURN_STATUSES: readonly TurnStatus[] = ['succeeded', 'failed', 'cancelled'];

/** The steps a running turn reports, in order. */
export const ANALYSIS_STEPS = ['queued', 'understanding', 'querying', 'summarizing'] as const;
export const AnalysisStepSchema = z.enum(ANALYSIS_STEPS);
export type AnalysisStep = z.infer<typeof AnalysisStepSchema>;

/**
 * Why a turn failed. `not_understood`: the question could not be mapped to the data (the message
 * says what was understood and what was not); `needs_clarification`: it could be read in more than
 * one way (the message lists them); `timeout`: over the analysis time limit; `interrupted`: the
 * process running it stopped; `not_found`: its worksheet is no longer readable to the user;
 * `permission_denied`: the user no longer has the analyst role there.
 */
export const TURN_ERROR_CODES = [
  'not_understood',
  'needs_clarification',
  'not_found',
  'permission_denied',
  'timeout',
  'interrupted',
  'unavailable',
  'internal',
] as const;
export const TurnErrorCodeSchema = z.enum(TURN_ERROR_CODES);
export type TurnErrorCode = z.infer<typeof TurnErrorCodeSchema>;

// ---------------------------------------------------------------------------------------------
// The analysis plan: what the planner produces and the compiler turns into SQL. Column names are
// exact worksheet column names; the compiler checks every one against the worksheet's schema.
// ---------------------------------------------------------------------------------------------

/**
 * How a measure is aggregated. `stddev` and `variance` are the sample's (n - 1), as DuckDB's
 * `stddev` and `variance` are; `range` is the maximum minus the minimum.
 */
export const AGGREGATIONS = [
  'count',
  'count_distinct',
  'sum',
  'avg',
  'min',
  'max',
  'median',
  'stddev',
  'variance',
  'range',
] as const;
export const AggregationSchema = z.enum(AGGREGATIONS);
export type Aggregation = z.infer<typeof AggregationSchema>;

/**
 * Time grains. `year`…`day` truncate a date to the start of its period (a time series);
 * `month_of_year`, `quarter_of_year` and `day_of_week` fold every year onto one (seasonality).
 */
export const TIME_GRAINS = [
  'year',
  'quarter',
  'month',
  'week',
  'day',
  'hour',
  'quarter_of_year',
  'month_of_year',
  'day_of_week',
  'hour_of_day',
] as const;
export const TimeGrainSchema = z.enum(TIME_GRAINS);
export type TimeGrain = z.infer<typeof TimeGrainSchema>;

/** How two numeric columns are combined, row by row: `column` minus (plus, …) the other. */
export const ARITHMETIC_OPS = ['minus', 'plus', 'times', 'divided_by'] as const;
export const ArithmeticOpSchema = z.enum(ARITHMETIC_OPS);
export type ArithmeticOp = z.infer<typeof ArithmeticOpSchema>;

/**
 * One aggregated value. `column` null counts rows. With `arithmetic` (decision 150), what is
 * aggregated is `column` combined row by row with `arithmetic.column` ("worldwide gross minus
 * budget": `column` Worldwide Gross, op `minus`, `arithmetic.column` Production Budget; a division
 * by zero is empty, never an error); both columns numeric, the aggregation sum, avg, min, max or
 * median. Optional, so plans written before it stay valid.
 */
export const PlanMeasureSchema = z.strictObject({
  column: z.string().min(1).max(200).nullable(),
  aggregation: AggregationSchema,
  /** The output column name (a readable label such as `Average Horsepower`). */
  label: z.string().min(1).max(200),
  arithmetic: z
    .strictObject({ op: ArithmeticOpSchema, column: z.string().min(1).max(200) })
    .optional(),
});
export type PlanMeasure = z.infer<typeof PlanMeasureSchema>;

/** One grouping column, truncated or folded by a time grain for date and timestamp columns. */
export const PlanDimensionSchema = z.strictObject({
  column: z.string().min(1).max(200),
  grain: TimeGrainSchema.nullable(),
  label: z.string().min(1).max(200),
});
export type PlanDimension = z.infer<typeof PlanDimensionSchema>;

/**
 * A row filter. With `part`, the filter applies to that part of a date (`year` 2013, `month` 3);
 * values travel as in `read_worksheet` (dates `YYYY-MM-DD`).
 */
export const PlanFilterSchema = z.strictObject({
  column: z.string().min(1).max(200),
  op: FilterOpSchema,
  value: z.union([ScalarSchema, z.array(ScalarSchema).min(1).max(1000)]).nullable(),
  part: z.enum(['year', 'quarter', 'month', 'day_of_week']).nullable(),
});
export type PlanFilter = z.infer<typeof PlanFilterSchema>;

/** Ordering by a measure or a dimension of the plan (by index). */
export const PlanSortSchema = z.strictObject({
  by: z.enum(['measure', 'dimension']),
  index: z.number().int().min(0).max(9),
  direction: z.enum(['asc', 'desc']),
});
export type PlanSort = z.infer<typeof PlanSortSchema>;

/**
 * A calculation on top of the aggregated rows: each group's share of the total of the first
 * measure; the change of the first measure from the previous period along the first (time)
 * dimension; the difference of the first measure between two values of the first dimension; or
 * only the first `n` rows, in the plan's sort order, within each value of the first dimension
 * (`top_per_group`: "for each origin, which car has the highest horsepower" with n = 1); or only
 * the groups whose measure at index `measure` compares with `value` (`groups_where`, a HAVING:
 * "which origins have more than 100 flights", "which states have only one airport", "genres with an
 * average rating above 7"); or each
 * group's share of its rows (the first measure, a count of rows) that pass the `where` filters
 * (`share_where`, a column `Share`: "what percentage of cars have more than 6 cylinders",
 * "what share of strikes happened at night"); or, with no dimension, the values of the first
 * measure's column (a `count_distinct`, the only measure) counted only where the group of rows
 * of that value compares on `aggregation` of `column` (null: its rows counted) with `value`
 * (`count_groups_where`: "how many airlines had more than 100 strikes"); or, per group of the
 * dimensions, the first measure in two periods of the time `column` and its change between them
 * (`change_between`: "which stock grew the most between 2005 and 2010"). A period is the year of a
 * date (`grain` year, `from`/`to` years), its month (`grain` month, the months' first days as
 * `YYYY-MM-DD`) or a value of the column itself (`grain` null: a year column). The answer shows each
 * group's value in `from` and in `to`, `Change` and `Change %`; the plan's sort and limit on measure
 * 0 rank by the change, and groups without a value in both periods are left out (decision 161).
 */
export const PlanCalculationSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('share_of_total') }),
  z.strictObject({ kind: z.literal('change_over_time') }),
  z.strictObject({
    kind: z.literal('difference'),
    a: ScalarSchema,
    b: ScalarSchema,
  }),
  z.strictObject({ kind: z.literal('top_per_group'), n: z.number().int().min(1).max(100) }),
  z.strictObject({
    kind: z.literal('groups_where'),
    measure: z.number().int().min(0).max(4),
    op: z.enum(['gt', 'gte', 'lt', 'lte', 'eq']),
    value: z.number().finite(),
  }),
  z.strictObject({
    kind: z.literal('share_where'),
    where: z.array(PlanFilterSchema).min(1).max(2),
  }),
  z.strictObject({
    kind: z.literal('count_groups_where'),
    column: z.string().min(1).max(200).nullable(),
    aggregation: AggregationSchema,
    op: z.enum(['gt', 'gte', 'lt', 'lte', 'eq']),
    value: z.number().finite(),
  }),
  z.strictObject({
    kind: z.literal('change_between'),
    column: z.string().min(1).max(200),
    grain: z.enum(['year', 'month']).nullable(),
    from: ScalarSchema,
    to: ScalarSchema,
  }),
]);
export type PlanCalculation = z.infer<typeof PlanCalculationSchema>;

/**
 * An answer that is not one aggregate per group: the binned counts of a numeric column
 * (`histogram`, `bins` equal-width bins from its minimum to its maximum), its quartiles per group of
 * the plan's first dimension or over all rows (`boxplot`), or one point per row of two numeric
 * columns (`scatter`, coloured by the plan's first dimension when there is one; rows sampled with a
 * fixed seed past the row cap, with Pearson's r over all rows). With a shape, `measures` is empty.
 */
export const PlanShapeSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('histogram'),
    column: z.string().min(1).max(200),
    bins: z.number().int().min(1).max(100),
  }),
  z.strictObject({ kind: z.literal('boxplot'), column: z.string().min(1).max(200) }),
  z.strictObject({
    kind: z.literal('scatter'),
    x: z.string().min(1).max(200),
    y: z.string().min(1).max(200),
  }),
]);
export type PlanShape = z.infer<typeof PlanShapeSchema>;

/** The chart kind a question asked for ("as a bar chart"), when the answer's shape allows it. */
export const PlanChartSchema = z.enum(['bar', 'line']);

/**
 * A typed, checked description of one analysis; never SQL (the compiler writes the SQL). Public
 * input (SPEC section 4): answers return it and clients may send it back, so a field added later
 * is optional with a default and a plan copied from an older answer stays valid (decision 76).
 */
export const AnalysisPlanSchema = z.strictObject({
  worksheetId: WorksheetIdSchema,
  measures: z.array(PlanMeasureSchema).max(5),
  dimensions: z.array(PlanDimensionSchema).max(3),
  filters: z.array(PlanFilterSchema).max(20),
  sort: z.array(PlanSortSchema).max(3),
  limit: z.number().int().min(1).max(5000).nullable(),
  calculation: PlanCalculationSchema.nullable(),
  // Defaults (decision 76): plans of older answers have neither.
  shape: PlanShapeSchema.nullable().default(null),
  chart: PlanChartSchema.nullable().default(null),
});
export type AnalysisPlan = z.infer<typeof AnalysisPlanSchema>;

/**
 * The column whose values (the groups) a `count_groups_where` plan counts: its one measure, a
 * `count_distinct` of that column, with no dimension. Null when the plan is not of that shape,
 * which the plan checker refuses and the compiler fails closed on.
 */
export function countedGroupsColumn(plan: AnalysisPlan): string | null {
  const counted = plan.measures[0];
  return plan.dimensions.length === 0 &&
    plan.measures.length === 1 &&
    counted?.column != null &&
    counted.aggregation === 'count_distinct'
    ? counted.column
    : null;
}

/**
 * The plan as an answer carries it: the fields added since the first plans are optional there, so
 * answers stored before them still parse unchanged and validate against the published schema.
 */
export const AnswerPlanSchema = AnalysisPlanSchema.extend({
  shape: PlanShapeSchema.nullable().optional(),
  chart: PlanChartSchema.nullable().optional(),
});
export type AnswerPlan = z.infer<typeof AnswerPlanSchema>;

// ---------------------------------------------------------------------------------------------
// The answer.
// ---------------------------------------------------------------------------------------------

/** How a chart field's values read: drives axis ticks and labels in the card. */
export const VALUE_FORMATS = [
  'integer',
  'number',
  'percent',
  'currency',
  'date',
  'timestamp',
  'text',
] as const;
export const ValueFormatSchema = z.enum(VALUE_FORMATS);
export type ValueFormat = z.infer<typeof ValueFormatSchema>;

/** A column of the answer's table as a chart uses it. */
export const ChartFieldSchema = z.object({
  column: z.string().describe("A column name of the answer's table."),
  label: z.string(),
  format: ValueFormatSchema,
});
export type ChartField = z.infer<typeof ChartFieldSchema>;

/**
 * The chart suited to an answer (SPEC section 4): a single number (`kpi`), categories (`bar`), a
 * time series (`line`, one line per value of `series`), binned counts (`histogram`: each row a bin
 * from `x` to `x2` holding `y` rows), quartiles (`boxplot`: a box per value of `x`, or one box when
 * `x` is null) or one point per row (`scatter`). Every field names a column of the answer's table.
 * An answer that is best read as a table has `chart: null`. The list of kinds only grows: a reader
 * that meets a kind it does not draw shows the table.
 */
export const ChartSpecSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('kpi'),
    title: z.string(),
    value: ChartFieldSchema,
  }),
  z.object({
    type: z.literal('bar'),
    title: z.string(),
    x: ChartFieldSchema,
    y: ChartFieldSchema,
    series: ChartFieldSchema.nullable(),
    orientation: z.enum(['vertical', 'horizontal']),
  }),
  z.object({
    type: z.literal('line'),
    title: z.string(),
    x: ChartFieldSchema,
    y: ChartFieldSchema,
    series: ChartFieldSchema.nullable(),
  }),
  z.object({
    type: z.literal('histogram'),
    title: z.string(),
    x: ChartFieldSchema.describe("The bin's lower bound."),
    x2: ChartFieldSchema.describe("The bin's upper bound."),
    y: ChartFieldSchema.describe('The count of rows in the bin.'),
  }),
  z.object({
    type: z.literal('boxplot'),
    title: z.string(),
    x: ChartFieldSchema.nullable().describe('The group of each box; null for one box.'),
    min: ChartFieldSchema,
    q1: ChartFieldSchema,
    median: ChartFieldSchema,
    q3: ChartFieldSchema,
    max: ChartFieldSchema,
  }),
  z.object({
    type: z.literal('scatter'),
    title: z.string(),
    x: ChartFieldSchema,
    y: ChartFieldSchema,
    series: ChartFieldSchema.nullable().describe('Colours the points by a category; or null.'),
    correlation: z
      .number()
      .min(-1)
      .max(1)
      .nullable()
      .describe("Pearson's r of x and y over the rows plotted; null when it is undefined."),
    sampled: z
      .boolean()
      .describe('True when the rows were sampled (with a fixed seed) past the row cap.'),
  }),
]);
export type ChartSpec = z.infer<typeof ChartSpecSchema>;
export type ChartType = ChartSpec['type'];

/** The fields of a chart, in the order its kind lists them (a null `series` or `x` left out). */
export function chartFields(spec: ChartSpec): ChartField[] {
  const fields: Array<ChartField | null> =
    spec.type === 'kpi'
      ? [spec.value]
      : spec.type === 'histogram'
        ? [spec.x, spec.x2, spec.y]
        : spec.type === 'boxplot'
          ? [spec.x, spec.min, spec.q1, spec.median, spec.q3, spec.max]
          : [spec.x, spec.y, spec.series];
  return fields.filter((field) => field !== null);
}

/** The part of a question a slot of the interpretation stands for. */
export const SLOT_KINDS = [
  'worksheet',
  'measure',
  'dimension',
  'filter',
  'time',
  'sort',
  'limit',
  'calculation',
] as const;

/**
 * How a slot got its value: said in the question, a default, a value found in the data, kept from
 * the previous turn, or planned by the client (a `plan` passed to start or continue).
 */
export const SLOT_SOURCES = [
  'stated',
  'defaulted',
  'value_matched',
  'carried_over',
  'client',
] as const;
export type SlotSource = (typeof SLOT_SOURCES)[number];

export const InterpretationSlotSchema = z.object({
  slot: z.enum(SLOT_KINDS),
  text: z.string().describe('What the slot was understood as, in words.'),
  source: z.enum(SLOT_SOURCES),
  words: z.string().nullable().describe('The words of the question behind it, if any.'),
});
export type InterpretationSlot = z.infer<typeof InterpretationSlotSchema>;

/** Another reading of the question, as a question the user can ask instead. */
export const AlternativeSchema = z.object({
  question: z.string(),
  reason: z.string(),
});
export type Alternative = z.infer<typeof AlternativeSchema>;

export const InterpretationSchema = z.object({
  restatement: z.string().describe('The question as it was understood, in plain words.'),
  slots: z.array(InterpretationSlotSchema),
  unused: z.array(z.string()).describe('Words of the question that were not used.'),
  alternatives: z.array(AlternativeSchema).max(5),
});
export type Interpretation = z.infer<typeof InterpretationSchema>;

/**
 * A column of the answer's table. `label`, `unit`, `format` and `decimals` come from the
 * worksheet's semantic layer, so every view of the answer (summary, chart, table) shows the same
 * label and the same decimals for the column; a view without them uses `name` and `type`.
 */
export const AnswerColumnSchema = z.object({
  name: z.string().describe('The column name, as chart fields name it.'),
  type: ColumnTypeSchema,
  label: z.string().optional().describe('The name to show for the column.'),
  unit: z.string().optional().describe('The unit of its values, e.g. USD, min, mph.'),
  format: ValueFormatSchema.optional().describe('How its values are written.'),
  decimals: z
    .number()
    .int()
    .min(0)
    .max(20)
    .optional()
    .describe('Digits after the decimal point, the same for every value of the column.'),
});
export type AnswerColumn = z.infer<typeof AnswerColumnSchema>;

export const AnswerTableSchema = z.object({
  columns: z.array(AnswerColumnSchema),
  rows: z.array(z.array(CellSchema)),
  rowCount: z.number().int().nonnegative().describe('Rows in the full result (before truncation).'),
  truncated: z.boolean().describe('True when rows beyond the result limit were left out.'),
});
export type AnswerTable = z.infer<typeof AnswerTableSchema>;

/**
 * How far the data behind an answer's time series goes (decision 131): the worksheet's last value
 * of the time column, and whether it falls inside the last period shown, so that period's values
 * cover only part of it (a month's count where the data ends on its first day is not a fall).
 */
export const AnswerCoverageSchema = z.object({
  column: z.string().describe("The answer's time column (a dimension with a calendar grain)."),
  dataEnd: z.string().describe("The worksheet's last value of the column behind it (ISO 8601)."),
  partial: z
    .boolean()
    .describe('True when the data ends inside the last period shown: its values are partial.'),
});
export type AnswerCoverage = z.infer<typeof AnswerCoverageSchema>;

export const AnswerSchema = z.object({
  summary: z.string().describe('One factual paragraph written from the numbers.'),
  table: AnswerTableSchema,
  chart: ChartSpecSchema.nullable(),
  source: z.object({
    workbookId: z.string(),
    worksheetId: z.string(),
    worksheetName: z.string(),
  }),
  interpretation: InterpretationSchema,
  coverage: AnswerCoverageSchema.optional().describe(
    'For a time series: where the data ends, and whether its last period is partial.',
  ),
  query: z.object({
    plan: AnswerPlanSchema,
    sql: z.string().describe('The DuckDB SQL run, with $n placeholders.'),
    parameters: z.array(CellSchema).describe('Values bound to the placeholders, in order.'),
  }),
});
export type Answer = z.infer<typeof AnswerSchema>;

/**
 * Why a turn failed. For `not_understood` and `needs_clarification`, `alternatives` are questions
 * the user can ask instead (the card shows them as buttons that ask the follow-up).
 */
export const TurnErrorSchema = z.object({
  code: TurnErrorCodeSchema,
  message: z.string(),
  alternatives: z.array(AlternativeSchema).max(10).optional(),
});
export type TurnError = z.infer<typeof TurnErrorSchema>;

export const TurnSchema = z.object({
  id: z.string().describe('Turn id (turn_…).'),
  index: z.number().int().nonnegative().describe('0 for the first question of the conversation.'),
  question: z.string(),
  status: TurnStatusSchema,
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  progress: z.object({ step: AnalysisStepSchema, message: z.string() }).optional(),
  answer: AnswerSchema.optional(),
  error: TurnErrorSchema.optional(),
});
export type Turn = z.infer<typeof TurnSchema>;

/** Where a conversation was started: by an MCP client (which one) or in the product web app. */
export const ConversationOriginSchema = z.object({
  kind: z.enum(['mcp', 'web']),
  clientId: z.string().optional().describe('The OAuth client id of the MCP client.'),
  clientName: z.string().optional().describe("The MCP client's name, as it registered."),
});
export type ConversationOrigin = z.infer<typeof ConversationOriginSchema>;

export const ConversationSchema = z.object({
  id: z.string().describe('Conversation id (conv_…).'),
  title: z.string(),
  workspace: RefSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  url: z.string().describe('The conversation in the Ask Analyst web app.'),
  turnCount: z.number().int().nonnegative(),
  // Optional so producers written before SPEC section 9 stay valid (decision 76).
  origin: ConversationOriginSchema.optional().describe('Where the conversation was started.'),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** What start, continue, get and cancel return. */
export const AnalysisOutputSchema = z.object({
  conversation: ConversationSchema,
  turn: TurnSchema,
});
export type AnalysisOutput = z.infer<typeof AnalysisOutputSchema>;

const QuestionSchema = textWithoutNul(z.string().trim().min(1).max(2000)).describe(
  'The question in plain language, 1–2000 characters.',
);

const waitSeconds = (max: number, fallback: number, what: string) =>
  z
    .number()
    .min(0)
    .max(max)
    .default(fallback)
    .describe(
      `Seconds to wait for ${what} before returning (0–${max}, default ${fallback}); a turn still running is returned as it stands: follow it with get_analysis.`,
    );

/**
 * The optional `plan` of start_analysis and continue_analysis (SPEC section 4): the client's own
 * `AnalysisPlan`, checked at call time as every planner's plan is, then answered as planned.
 */
export const PlanArgumentSchema = AnalysisPlanSchema.optional().describe(
  "Optional: your own AnalysisPlan for the question (the shape answers return in answer.query.plan), for when the built-in reading cannot place the question's words (not_understood, needs_clarification) but you know the worksheet's columns (get_worksheet) and what the user meant. worksheetId: the worksheet (it must agree with workbookId/worksheetId, and stay on a conversation's worksheet); measures: { column (exact name, or null with count to count rows), aggregation (count, count_distinct, sum, avg, min, max, median, stddev, variance, range; sum, avg, stddev, variance and range need a number column), label }; dimensions: { column, grain (date/timestamp columns only, else null), label }; filters (at most 20): { column, op, value typed as the column (dates YYYY-MM-DD), part (year, quarter, month, day_of_week of a date, or null) }; sort: { by measure|dimension, index, direction }; limit (sorted by a measure, every group tied at the cut is kept); calculation (share_of_total, change_over_time, difference, or null). Plan only what the user asked; never use a plan to force an answer to a different question. The question stays the conversation's text; the answer says it was planned by the client.",
);

export const StartAnalysisInputSchema = z.strictObject({
  question: QuestionSchema,
  workbookId: WorkbookIdSchema.optional().describe(
    'Look for the answer in this workbook (wb_…); omit to let Ask Analyst choose among all readable worksheets.',
  ),
  worksheetId: WorksheetIdSchema.optional().describe(
    'Answer from this worksheet (ws_…); takes precedence over workbookId.',
  ),
  waitSeconds: waitSeconds(50, 20, 'the answer'),
  plan: PlanArgumentSchema,
});
export type StartAnalysisInput = z.infer<typeof StartAnalysisInputSchema>;

export const ContinueAnalysisInputSchema = z.strictObject({
  conversationId: ConversationIdSchema.describe('The conversation to continue (conv_…).'),
  question: QuestionSchema.describe(
    'The follow-up in plain language; it may refer to the previous question ("only for SFO", "now by month", "what about profit?").',
  ),
  waitSeconds: waitSeconds(50, 20, 'the answer'),
  plan: PlanArgumentSchema,
});
export type ContinueAnalysisInput = z.infer<typeof ContinueAnalysisInputSchema>;

export const GetAnalysisInputSchema = z.strictObject({
  conversationId: ConversationIdSchema.describe('The conversation (conv_…).'),
  turnId: TurnIdSchema.optional().describe('The turn (turn_…); default: the latest.'),
  waitSeconds: waitSeconds(25, 0, 'the turn to leave queued/running'),
});
export type GetAnalysisInput = z.infer<typeof GetAnalysisInputSchema>;

export const ListAnalysesInputSchema = z.strictObject({
  cursor: CursorInputSchema,
  limit: pageLimitOf('Conversations'),
});
export type ListAnalysesInput = z.infer<typeof ListAnalysesInputSchema>;

export const ListAnalysesOutputSchema = z.object({
  conversations: z
    .array(ConversationSchema)
    .describe("The signed-in user's Ask Analyst conversations, newest first."),
  nextCursor: NextCursorSchema,
});
export type ListAnalysesOutput = z.infer<typeof ListAnalysesOutputSchema>;

export const CancelAnalysisInputSchema = z.strictObject({
  conversationId: ConversationIdSchema.describe('The conversation (conv_…).'),
  turnId: TurnIdSchema.describe('The queued or running turn to cancel (turn_…).'),
});
export type CancelAnalysisInput = z.infer<typeof CancelAnalysisInputSchema>;

/** The card resource the Ask Analyst tools link (SPEC section 5). */
export const CARD_RESOURCE_URI = 'ui://ask-analyst/card.html';
export const CARD_MIME_TYPE = 'text/html;profile=mcp-app';
