/**
 * Benchmark of Ask Analyst on Flights (3,000,000 rows): for group-by questions, the time from a
 * start_analysis call (through the tool funnel: limits, validation, permission checks, worksheet
 * choice, conversation and turn rows, the background runner, planning, the DuckDB query, the answer,
 * telemetry) to its finished answer, next to DuckDB alone running the same SQL through the engine.
 * Seeds the demo workspace in memory. Prints figures (median of several runs after a warm-up) and
 * whether each is within the target of 1.5× DuckDB + 30 ms; asserts nothing.
 * Run after a build: `pnpm --filter @ask-analyst/mcp-server bench:analysis`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnalysisOutput } from '@ask-analyst/protocol';
import {
  findPrincipal,
  migrate,
  openDatabase,
  seedDemoWorkspace,
  WorksheetEngine,
} from '@ask-analyst/workspace';
import { formatMs as ms, medianMs, timed } from '@ask-analyst/workspace/testing';
import Fastify from 'fastify';
import { benchToolPath } from './tool-path.js';
import { createAnalysisRuntime } from '../analysis/runtime.js';
import { loadMcpConfig } from '../config.js';
import { startAnalysis } from '../tools/start-analysis.js';

const RUNS = 7;
const QUESTIONS = [
  'Number of flights by origin',
  'Average delay by destination',
  'Total distance by month',
  'Top 10 origins by average delay',
];

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ask-analyst-analysis-bench-'));
  const db = await openDatabase({});
  const engine = await WorksheetEngine.open({
    dataDir,
    cursorSecret: randomBytes(32).toString('hex'),
  });
  const log = Fastify({ logger: false }).log;
  const config = loadMcpConfig({
    TOOL_CALLS_PER_MINUTE: '1000000',
    ANALYSES_PER_MINUTE: '1000000',
    RUNNING_ANALYSES_PER_USER: '1000',
  });
  const analysis = createAnalysisRuntime({ db, engine, config, log });
  try {
    await migrate(db);
    const seed = await timed(() => seedDemoWorkspace(db, engine));
    console.log(`seed the demo workspace: ${ms(seed.ms)}`);
    await analysis.start();
    const { rows } = await db.query<{ user: string; workbook: string; path: string }>(
      `select u.id as user, wb.id as workbook, s.data_path as path from users u, workbooks wb
       join worksheets s on s.workbook_id = wb.id
       where u.email = 'ada@acme.test' and wb.name = 'Flight Operations' and s.name = 'Flights'`,
    );
    const row = rows[0];
    const principal = await findPrincipal(db, row?.user ?? '');
    if (!principal || !row) throw new Error('the demo workspace has no Flights for Ada');
    const callTool = benchToolPath({
      db,
      engine,
      config,
      analysis,
      principal,
      scopes: ['workbooks.read', 'analyses.write'],
    });
    const ask = async (question: string) => {
      const result = await callTool(startAnalysis, {
        question,
        workbookId: row.workbook,
        waitSeconds: 50,
      });
      const output = result.structuredContent as AnalysisOutput;
      if (result.isError || output.turn.status !== 'succeeded')
        throw new Error(JSON.stringify(result.structuredContent));
      return output.turn.answer!;
    };

    console.log(`\nAsk Analyst on Flights (3,000,000 rows), median of ${RUNS} after a warm-up:`);
    console.log(
      '| question | start_analysis → answer | DuckDB alone | ratio | target 1.5× + 30 ms |',
    );
    console.log('|---|---|---|---|---|');
    for (const question of QUESTIONS) {
      const first = await timed(() => ask(question));
      const { sql, parameters } = first.value.query;
      const duck = () =>
        engine.query(sql, parameters, { ws: row.path }, { maxRows: config.limits.resultRowLimit });
      await duck();
      const tool = await medianMs(() => ask(question), RUNS);
      const alone = await medianMs(duck, RUNS);
      const target = 1.5 * alone + 30;
      console.log(
        `| ${question} | ${ms(tool)} (first ${ms(first.ms)}) | ${ms(alone)} | ${(tool / alone).toFixed(2)}× | ${tool <= target ? 'within' : 'over'} (${ms(target)}) |`,
      );
    }
    await callTool.flush();
  } finally {
    await analysis.stop();
    await engine.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
