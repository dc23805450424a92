// Records the playground's and the tests' tool results from the real demo data: each answer's
// SQL runs in DuckDB over the vega-datasets file its worksheet is seeded from (SPEC section 6),
// and the summary is written from the numbers it returns. Run: pnpm --filter @ask-analyst/card fixtures
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

const OUT = join(import.meta.dirname, '..', 'src', 'fixtures', 'recorded');
const RESULT_ROW_LIMIT = 5000;

function vegaData(name) {
  let dir = dirname(createRequire(import.meta.url).resolve('vega-datasets'));
  while (
    !existsSync(join(dir, 'package.json')) ||
    JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name !== 'vega-datasets'
  )
    dir = dirname(dir);
  return join(dir, 'data', name);
}

// The worksheets as the seed builds them (types inferred as SPEC section 6 says).
const WORKSHEETS = {
  cars: {
    workbookId: 'wb_7c2f4k9q1m',
    worksheetId: 'ws_4n8c3v6x2b',
    worksheetName: 'Cars',
    workspace: { id: 'wsp_r3s8k2m4p1', name: 'Research' },
    view: (f) => `SELECT * REPLACE ("Year"::DATE AS "Year") FROM read_json_auto('${f}')`,
    file: 'cars.json',
  },
  flights: {
    workbookId: 'wb_2m9x7q4c8v',
    worksheetId: 'ws_9d3k5m1q7z',
    worksheetName: 'Flights',
    workspace: { id: 'wsp_o5p2t9w3e7', name: 'Operations' },
    view: (f) => `SELECT * FROM read_parquet('${f}')`,
    file: 'flights-3m.parquet',
  },
  stocks: {
    workbookId: 'wb_5h1r8t2y6u',
    worksheetId: 'ws_6s2d8f4g1h',
    worksheetName: 'Stocks',
    workspace: { id: 'wsp_r3s8k2m4p1', name: 'Research' },
    view: (f) =>
      `SELECT symbol, strptime(date, '%b %d %Y')::DATE AS date, price FROM read_csv_auto('${f}', all_varchar = true, types = {'price': 'DOUBLE'})`,
    file: 'stocks.csv',
  },
  movies: {
    workbookId: 'wb_8j3k1l9z5x',
    worksheetId: 'ws_1q7w3e9r5t',
    worksheetName: 'Movies',
    workspace: { id: 'wsp_r3s8k2m4p1', name: 'Research' },
    view: (f) =>
      `SELECT "Title"::VARCHAR AS "Title", "Worldwide Gross", "Production Budget", strptime("Release Date", '%b %d %Y')::DATE AS "Release Date", "MPAA Rating" FROM read_json_auto('${f}')`,
    file: 'movies.json',
  },
};

const instance = await DuckDBInstance.create(':memory:');
const db = await instance.connect();

function cellOf(value, type) {
  if (value === null || value === undefined) return null;
  if (type === 'timestamp') return new Date(String(value).replace(' ', 'T') + 'Z').toISOString();
  if (type === 'date') return String(value).slice(0, 10);
  if (type === 'integer') {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : String(value);
  }
  if (type === 'number') return Number(value);
  return String(value);
}

/** Runs an answer's SQL on its worksheet; returns the table as the protocol carries it. */
async function run(sheet, sql, parameters, columns, limit = RESULT_ROW_LIMIT) {
  const w = WORKSHEETS[sheet];
  await db.run(`CREATE OR REPLACE TEMP VIEW worksheet AS ${w.view(vegaData(w.file))}`);
  const count = await db.runAndReadAll(`SELECT count(*) AS n FROM (${sql})`, parameters);
  const rowCount = Number(count.getRowObjectsJson()[0].n);
  const reader = await db.runAndReadAll(`SELECT * FROM (${sql}) LIMIT ${limit}`, parameters);
  const rows = reader.getRowsJson().map((row) => row.map((v, i) => cellOf(v, columns[i].type)));
  return { columns, rows, rowCount, truncated: rowCount > rows.length };
}

const fmt = (n, d = 1) => Number(n).toLocaleString('en-US', { maximumFractionDigits: d });
let clock = Date.parse('2026-11-20T09:30:00.000Z');
const at = (seconds = 0) => new Date(clock + seconds * 1000).toISOString();

function conversation(sheet, id, title, turnCount = 1) {
  return {
    id,
    title,
    workspace: WORKSHEETS[sheet].workspace,
    createdAt: at(),
    updatedAt: at(4),
    url: `http://localhost:4000/analyses/${id}`,
    turnCount,
  };
}
function source(sheet) {
  const { workbookId, worksheetId, worksheetName } = WORKSHEETS[sheet];
  return { workbookId, worksheetId, worksheetName };
}
function plan(sheet, parts) {
  return {
    worksheetId: WORKSHEETS[sheet].worksheetId,
    measures: [],
    dimensions: [],
    filters: [],
    sort: [],
    limit: null,
    calculation: null,
    ...parts,
  };
}
function turn(id, question, status, extra = {}) {
  const finished = ['succeeded', 'failed', 'cancelled'].includes(status);
  return {
    id,
    index: 0,
    question,
    status,
    createdAt: at(),
    startedAt: status === 'queued' ? null : at(0.2),
    finishedAt: finished ? at(3.4) : null,
    ...extra,
  };
}
function result(structuredContent, text) {
  return { content: [{ type: 'text', text }], structuredContent };
}
function textOf(output) {
  const t = output.turn;
  if (t.answer)
    return `**${t.question}**\n\n${t.answer.summary}\n\nSource: ${t.answer.source.worksheetName} (${t.answer.table.rowCount} rows).`;
  if (t.error)
    return `**${t.question}**\n\nThe analysis failed (${t.error.code}): ${t.error.message}`;
  return `**${t.question}**\n\nThe analysis is ${t.status}${t.progress ? ` (${t.progress.message})` : ''}. Follow it with get_analysis (conversationId ${output.conversation.id}, turnId ${t.id}).`;
}
const out = (output) => result(output, textOf(output));

// --- Answers -------------------------------------------------------------------------------

async function horsepowerByCylinders() {
  const sql =
    'SELECT "Cylinders" AS "Cylinders", avg("Horsepower") AS "Average Horsepower"\nFROM worksheet\nGROUP BY 1\nORDER BY 1 ASC';
  const table = await run(
    'cars',
    sql,
    [],
    [
      { name: 'Cylinders', type: 'integer' },
      { name: 'Average Horsepower', type: 'number' },
    ],
  );
  const top = table.rows.reduce((a, b) => (b[1] > a[1] ? b : a));
  const low = table.rows.reduce((a, b) => (b[1] < a[1] ? b : a));
  return {
    summary: `Across ${table.rows.length} cylinder counts, ${top[0]}-cylinder cars have the highest average horsepower (${fmt(top[1])}) and ${low[0]}-cylinder cars the lowest (${fmt(low[1])}).`,
    table,
    chart: {
      type: 'bar',
      title: 'Average Horsepower by Cylinders',
      x: { column: 'Cylinders', label: 'Cylinders', format: 'text' },
      y: { column: 'Average Horsepower', label: 'Average Horsepower', format: 'number' },
      series: null,
      orientation: 'vertical',
    },
    source: source('cars'),
    interpretation: {
      restatement: 'The average of Horsepower for each value of Cylinders, in the Cars worksheet.',
      slots: [
        { slot: 'worksheet', text: 'Cars', source: 'value_matched', words: 'horsepower' },
        {
          slot: 'measure',
          text: 'average of Horsepower',
          source: 'stated',
          words: 'average horsepower',
        },
        { slot: 'dimension', text: 'Cylinders', source: 'stated', words: 'number of cylinders' },
        { slot: 'sort', text: 'Cylinders, ascending', source: 'defaulted', words: null },
      ],
      unused: ['number of'],
      alternatives: [
        {
          question: 'What is the median horsepower by number of cylinders?',
          reason: 'A few very powerful cars can pull an average up.',
        },
        {
          question: 'What is the average horsepower by origin?',
          reason: 'Groups by where the car was built instead.',
        },
      ],
    },
    query: {
      plan: plan('cars', {
        measures: [{ column: 'Horsepower', aggregation: 'avg', label: 'Average Horsepower' }],
        dimensions: [{ column: 'Cylinders', grain: null, label: 'Cylinders' }],
        sort: [{ by: 'dimension', index: 0, direction: 'asc' }],
      }),
      sql,
      parameters: [],
    },
  };
}

async function flightsByMonth() {
  const sql = `SELECT date_trunc('month', "date") AS "Month", count(*) AS "Flights"\nFROM worksheet\nGROUP BY 1\nORDER BY 1 ASC`;
  const table = await run(
    'flights',
    sql,
    [],
    [
      { name: 'Month', type: 'timestamp' },
      { name: 'Flights', type: 'integer' },
    ],
  );
  const month = (iso) =>
    new Date(iso).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const top = table.rows.reduce((a, b) => (b[1] > a[1] ? b : a));
  const low = table.rows.reduce((a, b) => (b[1] < a[1] ? b : a));
  const total = table.rows.reduce((s, r) => s + r[1], 0);
  return {
    summary: `${fmt(total, 0)} flights over ${table.rows.length} months; the busiest month was ${month(top[0])} (${fmt(top[1], 0)} flights), the quietest ${month(low[0])} (${fmt(low[1], 0)}).`,
    table,
    chart: {
      type: 'line',
      title: 'Flights by Month',
      x: { column: 'Month', label: 'Month', format: 'timestamp' },
      y: { column: 'Flights', label: 'Flights', format: 'integer' },
      series: null,
    },
    source: source('flights'),
    interpretation: {
      restatement: 'The number of flights in each month, in the Flights worksheet.',
      slots: [
        { slot: 'worksheet', text: 'Flights', source: 'value_matched', words: 'flights' },
        { slot: 'measure', text: 'count of rows', source: 'stated', words: 'how many flights' },
        { slot: 'time', text: 'date by month', source: 'stated', words: 'each month' },
      ],
      unused: [],
      alternatives: [
        {
          question: 'How many flights were there in each month of the year, all years together?',
          reason: 'Folds every year onto one to show seasonality.',
        },
      ],
    },
    query: {
      plan: plan('flights', {
        measures: [{ column: null, aggregation: 'count', label: 'Flights' }],
        dimensions: [{ column: 'date', grain: 'month', label: 'Month' }],
        sort: [{ by: 'dimension', index: 0, direction: 'asc' }],
      }),
      sql,
      parameters: [],
    },
  };
}

async function stockPriceByYear() {
  const sql = `SELECT date_trunc('year', "date")::DATE AS "Year", "symbol" AS "Symbol", avg("price") AS "Average Price"\nFROM worksheet\nGROUP BY 1, 2\nORDER BY 1 ASC, 2 ASC`;
  const table = await run(
    'stocks',
    sql,
    [],
    [
      { name: 'Year', type: 'date' },
      { name: 'Symbol', type: 'string' },
      { name: 'Average Price', type: 'number' },
    ],
  );
  const last = table.rows.filter((r) => r[0] === table.rows.at(-1)[0]).sort((a, b) => b[2] - a[2]);
  return {
    summary: `Average yearly share prices of ${new Set(table.rows.map((r) => r[1])).size} companies from ${table.rows[0][0].slice(0, 4)} to ${table.rows.at(-1)[0].slice(0, 4)}; in ${table.rows.at(-1)[0].slice(0, 4)} ${last[0][1]} had the highest average price ($${fmt(last[0][2], 2)}) and ${last.at(-1)[1]} the lowest ($${fmt(last.at(-1)[2], 2)}).`,
    table,
    chart: {
      type: 'line',
      title: 'Average Price by Year and Symbol',
      x: { column: 'Year', label: 'Year', format: 'date' },
      y: { column: 'Average Price', label: 'Average Price', format: 'currency' },
      series: { column: 'Symbol', label: 'Symbol', format: 'text' },
    },
    source: source('stocks'),
    interpretation: {
      restatement: 'The average price for each year and symbol, in the Stocks worksheet.',
      slots: [
        { slot: 'measure', text: 'average of price', source: 'stated', words: 'average price' },
        { slot: 'time', text: 'date by year', source: 'stated', words: 'per year' },
        { slot: 'dimension', text: 'symbol', source: 'stated', words: 'each company' },
      ],
      unused: [],
      alternatives: [],
    },
    query: {
      plan: plan('stocks', {
        measures: [{ column: 'price', aggregation: 'avg', label: 'Average Price' }],
        dimensions: [
          { column: 'date', grain: 'year', label: 'Year' },
          { column: 'symbol', grain: null, label: 'Symbol' },
        ],
        sort: [
          { by: 'dimension', index: 0, direction: 'asc' },
          { by: 'dimension', index: 1, direction: 'asc' },
        ],
      }),
      sql,
      parameters: [],
    },
  };
}

async function sfoDelay() {
  const sql = 'SELECT avg("delay") AS "Average Delay"\nFROM worksheet\nWHERE "origin" = $1';
  const table = await run('flights', sql, ['SFO'], [{ name: 'Average Delay', type: 'number' }]);
  return {
    summary: `Flights from SFO were delayed by ${fmt(table.rows[0][0])} minutes on average.`,
    table,
    chart: {
      type: 'kpi',
      title: 'Average Delay of Flights from SFO',
      value: { column: 'Average Delay', label: 'Average delay (minutes)', format: 'number' },
    },
    source: source('flights'),
    interpretation: {
      restatement:
        'The average of delay for flights whose origin is SFO, in the Flights worksheet.',
      slots: [
        { slot: 'measure', text: 'average of delay', source: 'stated', words: 'average delay' },
        { slot: 'filter', text: 'origin is SFO', source: 'value_matched', words: 'from SFO' },
      ],
      unused: [],
      alternatives: [
        {
          question: 'What is the average delay of flights to SFO?',
          reason: 'SFO is also a destination.',
        },
      ],
    },
    query: {
      plan: plan('flights', {
        measures: [{ column: 'delay', aggregation: 'avg', label: 'Average Delay' }],
        filters: [{ column: 'origin', op: 'eq', value: 'SFO', part: null }],
      }),
      sql,
      parameters: ['SFO'],
    },
  };
}

async function topMovies() {
  const sql =
    'SELECT "Title", "Worldwide Gross", "Production Budget", "Release Date", "MPAA Rating"\nFROM worksheet\nORDER BY "Worldwide Gross" DESC NULLS LAST\nLIMIT 10';
  const table = await run(
    'movies',
    sql,
    [],
    [
      { name: 'Title', type: 'string' },
      { name: 'Worldwide Gross', type: 'integer' },
      { name: 'Production Budget', type: 'integer' },
      { name: 'Release Date', type: 'date' },
      { name: 'MPAA Rating', type: 'string' },
    ],
  );
  return {
    summary: `${table.rows[0][0]} grossed the most worldwide ($${fmt(table.rows[0][1] / 1e9, 2)} billion), followed by ${table.rows[1][0]} ($${fmt(table.rows[1][1] / 1e9, 2)} billion); the tenth, ${table.rows[9][0]}, grossed $${fmt(table.rows[9][1] / 1e6, 0)} million.`,
    table,
    chart: null,
    source: source('movies'),
    interpretation: {
      restatement: 'The 10 movies with the highest Worldwide Gross, in the Movies worksheet.',
      slots: [
        { slot: 'sort', text: 'Worldwide Gross, highest first', source: 'stated', words: 'top' },
        { slot: 'limit', text: '10 rows', source: 'stated', words: '10' },
      ],
      unused: [],
      alternatives: [
        {
          question: 'What are the top 10 movies by US gross?',
          reason: 'US Gross counts only the domestic box office.',
        },
      ],
    },
    query: {
      plan: plan('movies', { sort: [{ by: 'measure', index: 0, direction: 'desc' }], limit: 10 }),
      sql,
      parameters: [],
    },
  };
}

async function emptyRoute() {
  const sql =
    'SELECT "destination" AS "Destination", count(*) AS "Flights"\nFROM worksheet\nWHERE "origin" = $1\nGROUP BY 1\nORDER BY 2 DESC';
  const table = await run(
    'flights',
    sql,
    ['XYZ'],
    [
      { name: 'Destination', type: 'string' },
      { name: 'Flights', type: 'integer' },
    ],
  );
  return {
    summary: 'No flights in the Flights worksheet have origin XYZ, so there is nothing to count.',
    table,
    chart: {
      type: 'bar',
      title: 'Flights by Destination from XYZ',
      x: { column: 'Destination', label: 'Destination', format: 'text' },
      y: { column: 'Flights', label: 'Flights', format: 'integer' },
      series: null,
      orientation: 'horizontal',
    },
    source: source('flights'),
    interpretation: {
      restatement: 'The number of flights for each destination, for flights whose origin is XYZ.',
      slots: [
        { slot: 'measure', text: 'count of rows', source: 'stated', words: 'how many flights' },
        { slot: 'dimension', text: 'destination', source: 'stated', words: 'to each destination' },
        { slot: 'filter', text: 'origin is XYZ', source: 'stated', words: 'from XYZ' },
      ],
      unused: [],
      alternatives: [
        {
          question: 'How many flights went to each destination from SFO?',
          reason: 'XYZ does not appear as an origin; SFO does.',
        },
      ],
    },
    query: {
      plan: plan('flights', {
        measures: [{ column: null, aggregation: 'count', label: 'Flights' }],
        dimensions: [{ column: 'destination', grain: null, label: 'Destination' }],
        filters: [{ column: 'origin', op: 'eq', value: 'XYZ', part: null }],
        sort: [{ by: 'measure', index: 0, direction: 'desc' }],
      }),
      sql,
      parameters: ['XYZ'],
    },
  };
}

async function delayByRouteAndDay() {
  const sql = `SELECT "origin" AS "Origin", "destination" AS "Destination", date_trunc('day', "date") AS "Day", avg("delay") AS "Average Delay"\nFROM worksheet\nGROUP BY 1, 2, 3\nORDER BY 4 DESC, 1 ASC, 2 ASC, 3 ASC`;
  const table = await run(
    'flights',
    sql,
    [],
    [
      { name: 'Origin', type: 'string' },
      { name: 'Destination', type: 'string' },
      { name: 'Day', type: 'timestamp' },
      { name: 'Average Delay', type: 'number' },
    ],
  );
  const [origin, destination, day, delay] = table.rows[0];
  return {
    summary: `${fmt(table.rowCount, 0)} route-days have flights; the worst was ${origin} to ${destination} on ${day.slice(0, 10)}, with an average delay of ${fmt(delay)} minutes. The table shows the ${fmt(table.rows.length, 0)} worst.`,
    table,
    chart: null,
    source: source('flights'),
    interpretation: {
      restatement:
        'The average of delay for each origin, destination and day, highest first, in the Flights worksheet.',
      slots: [
        { slot: 'measure', text: 'average of delay', source: 'stated', words: 'average delay' },
        {
          slot: 'dimension',
          text: 'origin and destination',
          source: 'stated',
          words: 'each route',
        },
        { slot: 'time', text: 'date by day', source: 'stated', words: 'each day' },
        { slot: 'sort', text: 'average delay, highest first', source: 'defaulted', words: null },
      ],
      unused: [],
      alternatives: [
        {
          question: 'What was the average delay on each route?',
          reason: 'Without days, the answer fits in one table.',
        },
      ],
    },
    query: {
      plan: plan('flights', {
        measures: [{ column: 'delay', aggregation: 'avg', label: 'Average Delay' }],
        dimensions: [
          { column: 'origin', grain: null, label: 'Origin' },
          { column: 'destination', grain: null, label: 'Destination' },
          { column: 'date', grain: 'day', label: 'Day' },
        ],
        sort: [{ by: 'measure', index: 0, direction: 'desc' }],
      }),
      sql,
      parameters: [],
    },
  };
}

// --- Scenarios: what the host sends the card (tool input, then results in order) -----------

const scenarios = [];
function scenario(name, title, input, results) {
  scenarios.push({ name, title, input, results });
}
async function answered(name, title, sheet, n, question, make) {
  clock += 3_600_000;
  const answer = await make();
  const conv = conversation(sheet, `conv_${n}a7k2m9x4q`, question.replace(/\?$/, ''));
  scenario(name, title, { question, worksheetId: WORKSHEETS[sheet].worksheetId }, [
    out({
      conversation: conv,
      turn: turn(`turn_${n}b3n8v1c6z`, question, 'succeeded', { answer }),
    }),
  ]);
  return { answer, conv };
}

const bar = await answered(
  'answer-bar',
  'Answer: bar chart (cars)',
  'cars',
  1,
  'What is the average horsepower by number of cylinders?',
  horsepowerByCylinders,
);
await answered(
  'answer-line',
  'Answer: line chart (flights)',
  'flights',
  2,
  'How many flights were there each month?',
  flightsByMonth,
);
await answered(
  'answer-line-series',
  'Answer: line chart with series (stocks)',
  'stocks',
  3,
  'What was the average price per year for each company?',
  stockPriceByYear,
);
await answered(
  'answer-kpi',
  'Answer: KPI (flights)',
  'flights',
  4,
  'What is the average delay of flights from SFO?',
  sfoDelay,
);
await answered(
  'answer-table',
  'Answer: table only (movies)',
  'movies',
  5,
  'What are the top 10 movies by worldwide gross?',
  topMovies,
);
await answered(
  'answer-empty',
  'Answer: no rows',
  'flights',
  6,
  'How many flights went to each destination from XYZ?',
  emptyRoute,
);
await answered(
  'answer-truncated',
  'Answer: 5,000-row truncated table',
  'flights',
  7,
  'What was the average delay on each route each day?',
  delayByRouteAndDay,
);

{
  clock += 3_600_000;
  const question = 'What is the average horsepower by number of cylinders?';
  const conv = conversation('cars', 'conv_8r4t6y2u1i', 'Average horsepower by number of cylinders');
  const id = 'turn_8o3p5a7s9d';
  const running = (step, message) =>
    out({
      conversation: conv,
      turn: turn(id, question, 'running', { progress: { step, message } }),
    });
  scenario('running', 'Running, followed to its answer', { question }, [
    running('understanding', 'Reading the question'),
    running('querying', 'Querying Cars (406 rows)'),
    running('summarizing', 'Writing the summary'),
    out({ conversation: conv, turn: turn(id, question, 'succeeded', { answer: bar.answer }) }),
  ]);
  scenario('queued', 'Queued behind another question', { question }, [
    out({
      conversation: conv,
      turn: turn(id, question, 'queued', {
        progress: {
          step: 'queued',
          message: 'Waiting for the previous question of this conversation',
        },
      }),
    }),
  ]);
}
{
  clock += 3_600_000;
  const question = 'Which one is best?';
  const conv = conversation('cars', 'conv_9f2g4h6j8k', 'Which one is best');
  scenario('failed', 'Failed: needs clarification', { question }, [
    out({
      conversation: conv,
      turn: turn('turn_9l1z3x5c7v', question, 'failed', {
        error: {
          code: 'needs_clarification',
          message:
            '"best" can mean the highest Miles_per_Gallon, the highest Horsepower or the lowest Weight_in_lbs in Cars. Say which one.',
        },
      }),
    }),
  ]);
  scenario(
    'failed-timeout',
    'Failed: over the time limit',
    { question: 'What is the median delay for every route and hour?' },
    [
      out({
        conversation: { ...conv, id: 'conv_9q8w7e6r5t' },
        turn: turn(
          'turn_9y8u7i6o5p',
          'What is the median delay for every route and hour?',
          'failed',
          {
            error: { code: 'timeout', message: 'The analysis did not finish within 120 seconds.' },
          },
        ),
      }),
    ],
  );
  scenario('cancelled', 'Cancelled', { question: 'How many flights were there each day?' }, [
    out({
      conversation: { ...conv, id: 'conv_9a1s2d3f4g' },
      turn: turn('turn_9h5j6k7l8z', 'How many flights were there each day?', 'cancelled'),
    }),
  ]);
  scenario('tool-error', 'Tool error: rate limited', { question: 'How many birds were struck?' }, [
    {
      isError: true,
      content: [
        {
          type: 'text',
          text: 'rate_limited: Too many analyses: 20 a minute. Try again in 12 seconds.',
        },
      ],
      structuredContent: {
        error: {
          code: 'rate_limited',
          message: 'Too many analyses: 20 a minute. Try again in 12 seconds.',
          retryable: true,
          requestId: 'req_5t6y7u8i9o',
          retryAfterSeconds: 12,
        },
      },
    },
  ]);
}

mkdirSync(OUT, { recursive: true });
for (const s of scenarios) {
  // Large tables stay on one line; the rest is indented for people to read.
  const text = JSON.stringify(s, null, 1);
  writeFileSync(
    join(OUT, `${s.name}.json`),
    `${text.length > 100_000 ? JSON.stringify(s) : text}\n`,
  );
}
console.log(`recorded ${scenarios.length} scenarios into ${OUT}`);
db.closeSync?.();
