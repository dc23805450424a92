/**
 * Records the playground's and the tests' scenarios from the running stack (`npm start`): the
 * real analyst on the demo data, through the real MCP tools, signed in as a demo user through the
 * real OAuth sign-in (Chromium fills the sign-in and consent pages). Nothing is written by hand:
 * each scenario is the tool results as the server returned them.
 *
 *   pnpm --filter @ask-analyst/card fixtures [--mcp-url http://localhost:3000] [--email ada@acme.test]
 *
 * Writes `src/fixtures/recorded/<name>.json`. Failed turns' alternatives are recorded too (as
 * scenarios of their own), so the playground answers "Did you mean" with the analyst's answer.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { AnalysisOutput } from '@ask-analyst/protocol';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { chromium } from 'playwright-core';
import { StackSession } from '../playground/stack/stack-session.js';
import type { Scenario } from '../src/fixtures/scenario.js';

const OUT = join(import.meta.dirname, '..', 'src', 'fixtures', 'recorded');

type Mode =
  /** The finished turn only (what a host shows when the tool call waited for the answer). */
  | 'answer'
  /** Every step the card sees while following the turn, from its first state to its answer. */
  | 'steps'
  /** A second question asked before the first finished: queued, then followed to its answer. */
  | 'queued'
  /** Cancelled while it runs. */
  | 'cancelled';

const FLIGHTS = ['Flight Operations', 'Flights'] as const;
const CARS = ['Automobiles', 'Cars'] as const;
const MOVIES = ['Film Industry', 'Movies'] as const;
const STOCKS = ['Markets', 'Stocks'] as const;

function plan(
  name: string,
  title: string,
  question: string,
  [workbook, worksheet]: readonly [string, string],
  mode: Mode = 'answer',
): Plan {
  return { name, title, question, workbook, worksheet, mode };
}

interface Plan {
  name: string;
  title: string;
  question: string;
  /** Workbook and worksheet names of the demo workspace (SPEC section 6). */
  workbook: string;
  worksheet: string;
  mode?: Mode;
}

const PLANS: Plan[] = [
  plan(
    'answer-kpi',
    'Answer: KPI (flights)',
    'What is the average delay of flights from SFO?',
    FLIGHTS,
  ),
  plan(
    'answer-bar',
    'Answer: bar chart (cars)',
    'What is the average horsepower by cylinders?',
    CARS,
  ),
  plan(
    'answer-bar-series',
    'Answer: grouped bars (cars)',
    'How many cars by origin and cylinders?',
    CARS,
  ),
  plan(
    'answer-bar-top',
    'Answer: top 10 (movies)',
    'What are the top 10 movies by worldwide gross?',
    MOVIES,
  ),
  plan(
    'answer-bar-many',
    'Answer: many categories (flights)',
    'How many flights went to each destination?',
    FLIGHTS,
  ),
  plan(
    'answer-line',
    'Answer: line chart (flights)',
    'How many flights were there each month?',
    FLIGHTS,
  ),
  plan(
    'answer-line-series',
    'Answer: line chart with series (stocks)',
    'What was the average price per year for each company?',
    STOCKS,
  ),
  plan('answer-histogram', 'Answer: histogram (cars)', 'distribution of horsepower', CARS),
  plan('answer-boxplot', 'Answer: box plot (cars)', 'box plot of miles per gallon by origin', CARS),
  plan('answer-scatter', 'Answer: scatter (cars)', 'horsepower vs weight', CARS),
  plan(
    'answer-table',
    'Answer: table only (cars)',
    'What is the average horsepower and average weight by origin?',
    CARS,
  ),
  plan(
    'answer-truncated',
    'Answer: a truncated result (flights)',
    'What was the average delay by destination each day?',
    FLIGHTS,
  ),
  plan(
    'answer-empty',
    'Answer: no rows (flights)',
    'How many flights went to each destination in 1990?',
    FLIGHTS,
  ),
  plan(
    'failed',
    'Failed: needs a choice (movies)',
    'What is the total gross by MPAA rating?',
    MOVIES,
  ),
  plan(
    'failed-not-understood',
    'Failed: not understood, with suggestions (cars)',
    'average horsepower vs weight',
    CARS,
  ),
  plan(
    'failed-unplaced',
    'Failed: a word not found (flights)',
    'How many flights from SFX?',
    FLIGHTS,
  ),
  plan(
    'running',
    'Running, followed to its answer (cars)',
    'What is the average horsepower by cylinders?',
    CARS,
    'steps',
  ),
  plan(
    'queued',
    'Queued behind another question (cars)',
    'What is the average weight by origin?',
    CARS,
    'queued',
  ),
  plan(
    'cancelled',
    'Cancelled (flights)',
    'How many flights were there each day?',
    FLIGHTS,
    'cancelled',
  ),
];

/** Alternatives of a failed turn recorded as scenarios of their own, at most this many a turn. */
const ALTERNATIVES = 3;

function outputOf(result: CallToolResult): AnalysisOutput | null {
  const content = result.structuredContent as AnalysisOutput | undefined;
  return content?.turn ? content : null;
}

function errorOf(result: CallToolResult): { code: string; retryAfterSeconds?: number } | null {
  if (!result.isError) return null;
  return (result.structuredContent as { error?: { code: string } } | undefined)?.error ?? null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unfinished = (output: AnalysisOutput | null) =>
  output?.turn.status === 'queued' || output?.turn.status === 'running';

export class Recorder {
  /** The first rate-limit refusal met (the `tool-error` scenario). */
  rateLimited: CallToolResult | null = null;
  private worksheets = new Map<string, string>();

  constructor(private readonly stack: StackSession) {}

  /** A tool call; a rate limit is waited out (and its first refusal kept). */
  async call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    for (;;) {
      const result = await this.stack.callTool(name, args);
      const error = errorOf(result);
      if (error?.code !== 'rate_limited') return result;
      this.rateLimited ??= result;
      const wait = error.retryAfterSeconds ?? 10;
      console.log(`  rate limited: waiting ${wait} s`);
      await sleep(wait * 1000 + 500);
    }
  }

  /** Asks a cheap question until the per-user limit refuses one (at most 40 tries). */
  async provokeRateLimit(worksheetId: string): Promise<void> {
    for (let i = 0; i < 40 && !this.rateLimited; i++) {
      const result = await this.stack.callTool('start_analysis', {
        question: 'How many cars are there?',
        worksheetId,
        waitSeconds: 0,
      });
      if (errorOf(result)?.code === 'rate_limited') this.rateLimited = result;
    }
  }

  async worksheetId(workbook: string, worksheet: string): Promise<string> {
    const key = `${workbook}/${worksheet}`;
    const known = this.worksheets.get(key);
    if (known) return known;
    const listed = await this.call('list_workbooks', { query: workbook, limit: 20 });
    const workbooks =
      (listed.structuredContent as { workbooks?: Array<{ id: string; name: string }> }).workbooks ??
      [];
    const found = workbooks.find((w) => w.name === workbook);
    if (!found) throw new Error(`no workbook ${workbook} for this user`);
    const read = await this.call('get_workbook', { workbookId: found.id });
    const sheets =
      (read.structuredContent as { worksheets?: Array<{ id: string; name: string }> }).worksheets ??
      [];
    const sheet = sheets.find((w) => w.name === worksheet);
    if (!sheet) throw new Error(`no worksheet ${key}`);
    this.worksheets.set(key, sheet.id);
    return sheet.id;
  }

  /** Follows a turn to its end; with `steps`, keeps every distinct state the card would see. */
  async follow(first: CallToolResult, steps: boolean): Promise<CallToolResult[]> {
    const results = [first];
    let last = first;
    let seen = stateOf(first);
    while (unfinished(outputOf(last))) {
      const output = outputOf(last) as AnalysisOutput;
      last = await this.call('get_analysis', {
        conversationId: output.conversation.id,
        turnId: output.turn.id,
        waitSeconds: steps ? 0 : 25,
      });
      const state = stateOf(last);
      if (steps && state !== seen) results.push(last);
      seen = state;
      if (steps) await sleep(100);
    }
    if (!steps) return [last];
    if (results.at(-1) !== last) results.push(last);
    return results;
  }

  async record(plan: Plan): Promise<Scenario> {
    const worksheetId = await this.worksheetId(plan.workbook, plan.worksheet);
    const input = { question: plan.question, worksheetId };
    const mode = plan.mode ?? 'answer';
    if (mode === 'answer' || mode === 'steps') {
      const first = await this.call('start_analysis', {
        ...input,
        waitSeconds: mode === 'steps' ? 0 : 50,
      });
      return {
        name: plan.name,
        title: plan.title,
        input,
        results: await this.follow(first, mode === 'steps'),
      };
    }
    if (mode === 'queued') {
      // The first question of the conversation runs; the follow-up waits behind it.
      const running = await this.call('start_analysis', {
        question: 'How many cars are there for each origin?',
        worksheetId,
        waitSeconds: 0,
      });
      const conversationId = outputOf(running)?.conversation.id;
      const queued = await this.call('continue_analysis', {
        conversationId,
        question: plan.question,
        waitSeconds: 0,
      });
      return {
        name: plan.name,
        title: plan.title,
        input: { question: plan.question },
        results: await this.follow(queued, true),
      };
    }
    const started = await this.call('start_analysis', { ...input, waitSeconds: 0 });
    const output = outputOf(started);
    const cancelled = await this.call('cancel_analysis', {
      conversationId: output?.conversation.id,
      turnId: output?.turn.id,
    });
    return { name: plan.name, title: plan.title, input, results: [cancelled] };
  }
}

/** What the card shows of a result: the status and the step. */
function stateOf(result: CallToolResult): string {
  const output = outputOf(result);
  return output ? `${output.turn.status}/${output.turn.progress?.step ?? ''}` : 'error';
}

/** Signs in through the stack's own pages in Chromium; resolves with the connected session. */
export async function signIn(
  mcpUrl: string,
  email: string,
  password: string,
): Promise<StackSession> {
  let arrived: (query: URLSearchParams) => void = () => undefined;
  const callback = new Promise<URLSearchParams>((resolve) => (arrived = resolve));
  const receiver = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    response.writeHead(200, { 'content-type': 'text/plain' }).end('Signed in; you may close this.');
    if (url.pathname === '/callback') arrived(url.searchParams);
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  const stack = new StackSession(mcpUrl, `http://127.0.0.1:${port}/callback`);
  const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
    (path): path is string => Boolean(path && existsSync(path)),
  );
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto((await stack.authorizationUrl()).href);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', password);
    await page.click('[data-testid=sign-in]');
    const consent = page
      .waitForSelector('[data-testid=allow]', { timeout: 30_000 })
      .then(async () => page.click('[data-testid=allow]'))
      .catch(() => undefined);
    const query = await Promise.race([
      callback,
      sleep(60_000).then(() => {
        throw new Error('the sign-in did not come back within a minute');
      }),
    ]);
    await consent;
    await stack.finish(query);
    return stack;
  } finally {
    await browser.close();
    receiver.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'mcp-url': { type: 'string', default: process.env.MCP_URL ?? 'http://localhost:3000' },
      email: { type: 'string', default: 'ada@acme.test' },
      password: { type: 'string', default: 'analyst-demo' },
      only: { type: 'string', multiple: true },
    },
  });
  const mcpUrl = values['mcp-url'];
  console.log(`Recording from ${mcpUrl} as ${values.email}`);
  const stack = await signIn(mcpUrl, values.email, values.password);
  const recorder = new Recorder(stack);
  await mkdir(OUT, { recursive: true });
  const save = async (scenario: Scenario) => {
    // Readable when small; a 5,000-row result on one line (a third of the size).
    const pretty = JSON.stringify(scenario, null, 2);
    const text = pretty.length > 100_000 ? JSON.stringify(scenario) : pretty;
    await writeFile(join(OUT, `${scenario.name}.json`), `${text}\n`);
    const last = outputOf(scenario.results.at(-1) as CallToolResult);
    console.log(
      `  ${scenario.name}: ${scenario.results.length} result(s), ${last ? `${last.turn.status}${last.turn.answer?.chart ? ` (${last.turn.answer.chart.type})` : ''}${last.turn.error ? ` (${last.turn.error.code})` : ''}` : 'tool error'}`,
    );
  };
  try {
    const plans = values.only?.length
      ? PLANS.filter((plan) => values.only?.includes(plan.name))
      : PLANS;
    for (const plan of plans) {
      const scenario = await recorder.record(plan);
      await save(scenario);
      // A failure's alternatives, asked as the card asks them: a follow-up in its conversation.
      const failed = outputOf(scenario.results.at(-1) as CallToolResult);
      for (const [i, alternative] of (failed?.turn.error?.alternatives ?? [])
        .slice(0, ALTERNATIVES)
        .entries()) {
        const first = await recorder.call('continue_analysis', {
          conversationId: failed?.conversation.id,
          question: alternative.question,
          waitSeconds: 50,
        });
        await save({
          name: `${plan.name}-alternative-${i + 1}`,
          title: `Alternative ${i + 1} of "${plan.question}": ${alternative.question}`,
          input: { question: alternative.question },
          results: await recorder.follow(first, false),
        });
      }
    }
    // The per-user limit (20 analyses a minute by default) met on purpose when the plans did not.
    if (!recorder.rateLimited && (!values.only?.length || values.only.includes('tool-error'))) {
      await recorder.provokeRateLimit(await recorder.worksheetId(...CARS));
    }
    if (recorder.rateLimited) {
      await save({
        name: 'tool-error',
        title: 'Tool error: rate limited',
        input: { question: PLANS[0]?.question ?? '' },
        results: [recorder.rateLimited],
      });
    }
  } finally {
    await stack.close();
  }
  return 0;
}
