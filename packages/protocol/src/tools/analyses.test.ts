import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AnalysisOutputSchema,
  AnalysisPlanSchema,
  AnswerSchema,
  CancelAnalysisInputSchema,
  ChartSpecSchema,
  ContinueAnalysisInputSchema,
  ConversationSchema,
  GetAnalysisInputSchema,
  ListAnalysesInputSchema,
  ListAnalysesOutputSchema,
  StartAnalysisInputSchema,
  TurnSchema,
  chartFields,
} from './analyses.js';

const issuePaths = (result: { success: boolean; error?: z.ZodError }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

/** A plan as answers returned it before any field was added (copied from a recorded answer). */
const OLD_PLAN = {
  worksheetId: 'ws_4n8c3v6x2b',
  measures: [{ column: 'Horsepower', aggregation: 'avg', label: 'Average Horsepower' }],
  dimensions: [{ column: 'Cylinders', grain: null, label: 'Cylinders' }],
  filters: [],
  sort: [{ by: 'dimension', index: 0, direction: 'asc' }],
  limit: null,
  calculation: null,
};

/** The fields of the plan's first version: every field added since is optional with a default. */
const FIRST_PLAN_FIELDS = [
  'worksheetId',
  'measures',
  'dimensions',
  'filters',
  'sort',
  'limit',
  'calculation',
];

const field = (column: string, format: 'text' | 'number' | 'integer' = 'number') => ({
  column,
  label: column,
  format,
});

/** An answer in the shapes of SPEC section 4 before the display fields and new chart kinds. */
const OLD_ANSWER = {
  summary: 'Average horsepower rises with the number of cylinders.',
  table: {
    columns: [
      { name: 'Cylinders', type: 'integer' },
      { name: 'Average Horsepower', type: 'number' },
    ],
    rows: [
      [4, 78.28],
      [8, 158.3],
    ],
    rowCount: 2,
    truncated: false,
  },
  chart: {
    type: 'bar',
    title: 'Average Horsepower by Cylinders',
    x: field('Cylinders', 'text'),
    y: field('Average Horsepower'),
    series: null,
    orientation: 'vertical',
  },
  source: { workbookId: 'wb_1a2b', worksheetId: 'ws_4n8c3v6x2b', worksheetName: 'Cars' },
  interpretation: {
    restatement: 'The average of Horsepower for each value of Cylinders.',
    slots: [{ slot: 'measure', text: 'average of Horsepower', source: 'stated', words: 'hp' }],
    unused: [],
    alternatives: [],
  },
  query: {
    plan: OLD_PLAN,
    sql: 'SELECT "Cylinders", avg("Horsepower") FROM t GROUP BY 1 ORDER BY 1',
    parameters: [],
  },
};

const CONVERSATION = {
  id: 'conv_3a7k2m9x4q',
  title: 'Average horsepower by cylinders',
  workspace: { id: 'wsp_r3s8k2m4p1', name: 'Research' },
  createdAt: '2026-11-20T12:30:00.000Z',
  updatedAt: '2026-11-20T12:30:04.000Z',
  url: 'http://localhost:4200/conversations/conv_3a7k2m9x4q',
  turnCount: 1,
};

const turn = (extra: object) => ({
  id: 'turn_3b3n8v1c6z',
  index: 0,
  question: 'Average horsepower by cylinders?',
  status: 'succeeded',
  createdAt: '2026-11-20T12:30:00.000Z',
  startedAt: '2026-11-20T12:30:00.200Z',
  finishedAt: '2026-11-20T12:30:03.400Z',
  ...extra,
});

const withChart = (chart: object): unknown => ({ ...OLD_ANSWER, chart });

const HISTOGRAM = {
  type: 'histogram',
  title: 'Horsepower',
  x: field('From'),
  x2: field('To'),
  y: field('Cars', 'integer'),
};
const BOXPLOT = {
  type: 'boxplot',
  title: 'Horsepower by Origin',
  x: field('Origin', 'text'),
  min: field('Minimum'),
  q1: field('Lower Quartile'),
  median: field('Median'),
  q3: field('Upper Quartile'),
  max: field('Maximum'),
};
const SCATTER = {
  type: 'scatter',
  title: 'Horsepower and Weight',
  x: field('Horsepower'),
  y: field('Weight'),
  series: field('Origin', 'text'),
  correlation: 0.86,
  sampled: false,
};

describe('answers written before the SPEC section 4 additions', () => {
  it('parse unchanged: old columns, charts, errors, conversations and plans', () => {
    const output = {
      conversation: CONVERSATION,
      turn: turn({ answer: OLD_ANSWER }),
    };
    expect(AnalysisOutputSchema.parse(output)).toEqual(output);
    const failed = turn({ status: 'failed', error: { code: 'timeout', message: 'Too long.' } });
    expect(TurnSchema.parse(failed)).toEqual(failed);
  });

  it('an old plan parses, and every plan field added since has a default', () => {
    expect(AnalysisPlanSchema.parse(OLD_PLAN)).toMatchObject(OLD_PLAN);
    const added = Object.keys(AnalysisPlanSchema.shape).filter(
      (key) => !FIRST_PLAN_FIELDS.includes(key),
    );
    for (const key of added) {
      const schema = AnalysisPlanSchema.shape[key as keyof typeof AnalysisPlanSchema.shape];
      const absent = schema.safeParse(undefined);
      expect(absent.success, `${key} is optional`).toBe(true);
      expect(absent.data, `${key} has a default`).not.toBeUndefined();
    }
  });
});

describe('answer table columns', () => {
  it('carry an optional label, unit, value format and decimals', () => {
    const columns = [
      { name: 'Worldwide_Gross', type: 'number', label: 'Worldwide gross', unit: 'USD' },
      { name: 'Share', type: 'number', format: 'percent', decimals: 1 },
      { name: 'Released', type: 'date', format: 'date', decimals: 0 },
    ];
    const answer = { ...OLD_ANSWER, table: { ...OLD_ANSWER.table, columns } };
    expect(AnswerSchema.parse(answer).table.columns).toEqual(columns);
  });

  it('refuses a format outside the list and decimals that are not 0–20 whole digits', () => {
    const column = (extra: object) => ({
      ...OLD_ANSWER,
      table: { ...OLD_ANSWER.table, columns: [{ name: 'x', type: 'number', ...extra }] },
    });
    expect(issuePaths(AnswerSchema.safeParse(column({ format: 'money' })))).toEqual([
      'table.columns.0.format',
    ]);
    for (const decimals of [-1, 1.5, 21]) {
      expect(issuePaths(AnswerSchema.safeParse(column({ decimals })))).toEqual([
        'table.columns.0.decimals',
      ]);
    }
  });
});

describe('a failed turn', () => {
  it('may offer alternatives: questions to ask instead, each with its reason', () => {
    const error = {
      code: 'needs_clarification',
      message: '"gross" can mean US Gross or Worldwide Gross.',
      alternatives: [
        { question: 'Average US Gross by genre', reason: 'US Gross' },
        { question: 'Average Worldwide Gross by genre', reason: 'Worldwide Gross' },
      ],
    };
    const failed = turn({ status: 'failed', error });
    expect(TurnSchema.parse(failed).error).toEqual(error);
  });

  it('refuses alternatives without a reason, and more than ten', () => {
    const failedWith = (alternatives: unknown) =>
      turn({ status: 'failed', error: { code: 'not_understood', message: 'm', alternatives } });
    expect(issuePaths(TurnSchema.safeParse(failedWith([{ question: 'q' }])))).toEqual([
      'error.alternatives.0.reason',
    ]);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ question: `q${i}`, reason: 'r' }));
    expect(issuePaths(TurnSchema.safeParse(failedWith(eleven)))).toEqual(['error.alternatives']);
  });
});

describe('chart kinds', () => {
  it('histogram, boxplot (grouped or one box) and scatter parse beside the first three', () => {
    for (const chart of [HISTOGRAM, BOXPLOT, { ...BOXPLOT, x: null }, SCATTER]) {
      expect(AnswerSchema.parse(withChart(chart)).chart).toEqual(chart);
    }
    const noSeries = { ...SCATTER, series: null, correlation: null, sampled: true };
    expect(ChartSpecSchema.parse(noSeries)).toEqual(noSeries);
  });

  it('refuses a kind without its fields, a correlation outside -1..1 and an unknown kind', () => {
    const cases: Array<[object, string[]]> = [
      [{ ...HISTOGRAM, x2: undefined }, ['x2']],
      [{ ...BOXPLOT, median: undefined }, ['median']],
      [{ ...SCATTER, sampled: undefined }, ['sampled']],
      [{ ...SCATTER, correlation: 1.5 }, ['correlation']],
      [{ ...SCATTER, type: 'pie' }, ['type']],
    ];
    for (const [chart, paths] of cases) {
      expect(issuePaths(ChartSpecSchema.safeParse(chart)), JSON.stringify(chart)).toEqual(paths);
    }
  });

  it('lists every field of each kind, leaving out a null x or series', () => {
    const columns = (chart: object) =>
      chartFields(ChartSpecSchema.parse(chart)).map((f) => f.column);
    expect(columns(OLD_ANSWER.chart)).toEqual(['Cylinders', 'Average Horsepower']);
    expect(columns({ type: 'kpi', title: 'Cars', value: field('Cars') })).toEqual(['Cars']);
    expect(columns(HISTOGRAM)).toEqual(['From', 'To', 'Cars']);
    expect(columns({ ...BOXPLOT, x: null })).toEqual([
      'Minimum',
      'Lower Quartile',
      'Median',
      'Upper Quartile',
      'Maximum',
    ]);
    expect(columns({ ...SCATTER, series: null })).toEqual(['Horsepower', 'Weight']);
  });
});

describe('interpretation and conversation', () => {
  it('marks a slot planned by the client', () => {
    const slot = { slot: 'measure', text: 'sum of Sales', source: 'client', words: null };
    const answer = {
      ...OLD_ANSWER,
      interpretation: { ...OLD_ANSWER.interpretation, slots: [slot] },
    };
    expect(AnswerSchema.parse(answer).interpretation.slots).toEqual([slot]);
    const unknown = {
      ...answer,
      interpretation: { ...answer.interpretation, slots: [{ ...slot, source: 'guessed' }] },
    };
    expect(issuePaths(AnswerSchema.safeParse(unknown))).toEqual(['interpretation.slots.0.source']);
  });

  it('says where a conversation was started, when its producer knows (SPEC section 9)', () => {
    const mcp = { kind: 'mcp', clientId: 'analyst-code-editor', clientName: 'Code Editor' };
    expect(ConversationSchema.parse({ ...CONVERSATION, origin: mcp }).origin).toEqual(mcp);
    expect(ConversationSchema.parse({ ...CONVERSATION, origin: { kind: 'web' } }).origin).toEqual({
      kind: 'web',
    });
    expect(ConversationSchema.parse(CONVERSATION).origin).toBeUndefined();
    expect(
      issuePaths(ConversationSchema.safeParse({ ...CONVERSATION, origin: { kind: 'email' } })),
    ).toEqual(['origin.kind']);
  });
});

describe('the JSON Schemas the tools publish', () => {
  // What the MCP SDK asks zod for when it lists a tool (`~standard.jsonSchema`, draft 2020-12),
  // checked against the draft's meta-schema by Ajv, the validator MCP clients use.
  // Strict, but with `type` lists allowed: zod writes a cell as `type: [string, number, …]`,
  // which is valid JSON Schema that Ajv's strict mode only discourages.
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  const published = (schema: z.ZodType, io: 'input' | 'output') =>
    schema['~standard'].jsonSchema[io]({ target: 'draft-2020-12' });
  const validatorOf = (schema: z.ZodType) => ajv.compile(published(schema, 'output'));

  it('are valid draft 2020-12 schemas, input and output, for every analysis tool', () => {
    const inputs = [
      StartAnalysisInputSchema,
      ContinueAnalysisInputSchema,
      GetAnalysisInputSchema,
      CancelAnalysisInputSchema,
      ListAnalysesInputSchema,
    ];
    for (const schema of inputs)
      expect(() => ajv.compile(published(schema, 'input'))).not.toThrow();
    for (const schema of [AnalysisOutputSchema, ListAnalysesOutputSchema]) {
      expect(() => validatorOf(schema)).not.toThrow();
    }
  });

  it('admit every new shape beside the old ones, and refuse what the zod schemas refuse', () => {
    const validate = validatorOf(AnalysisOutputSchema);
    const output = (answer: unknown, conversation: object = CONVERSATION) => ({
      conversation,
      turn: turn({ answer }),
    });
    const valid = [
      output(OLD_ANSWER),
      output(withChart(HISTOGRAM), { ...CONVERSATION, origin: { kind: 'web' } }),
      output(withChart({ ...BOXPLOT, x: null })),
      output(withChart(SCATTER), { ...CONVERSATION, origin: { kind: 'mcp', clientId: 'c1' } }),
      output({
        ...OLD_ANSWER,
        table: {
          ...OLD_ANSWER.table,
          columns: [
            {
              name: 'Share',
              type: 'number',
              label: 'Share',
              unit: '%',
              format: 'percent',
              decimals: 1,
            },
          ],
        },
      }),
      {
        conversation: CONVERSATION,
        turn: turn({
          status: 'failed',
          error: {
            code: 'not_understood',
            message: 'm',
            alternatives: [{ question: 'q', reason: 'r' }],
          },
        }),
      },
    ];
    for (const value of valid) {
      expect(validate(value), ajv.errorsText(validate.errors)).toBe(true);
      expect(AnalysisOutputSchema.safeParse(value).success).toBe(true);
    }
    const invalid = [
      output(withChart({ ...SCATTER, type: 'pie' })),
      output(withChart({ ...SCATTER, sampled: 'no' })),
      output({
        ...OLD_ANSWER,
        table: { ...OLD_ANSWER.table, columns: [{ name: 'x', type: 'number', format: 'money' }] },
      }),
      output(OLD_ANSWER, { ...CONVERSATION, origin: { kind: 'email' } }),
    ];
    for (const value of invalid) {
      expect(validate(value)).toBe(false);
      expect(AnalysisOutputSchema.safeParse(value).success).toBe(false);
    }
  });
});
