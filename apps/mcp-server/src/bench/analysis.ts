/**
 * Benchmark of Ask Analyst on Flights (3,000,000 rows): for group-by questions, the time from a
 * start_analysis call (through the tool funnel: limits, validation, permission checks, worksheet
 * choice, conversation and turn rows, the background runner, planning, the DuckDB query, the answer,
 * telemetry) to its finished answer, next to DuckDB alone running the same SQL through the engine.
 * Seeds the demo workspace in memory. Prints figures (median of several runs after a warm-up) and
 * whether each is within the target of 1.5× DuckDB + 30 ms; asserts nothing.
 * Run after a build: `pnpm --filter @ask-analyst/mcp-server bench:analysis`.
 */
import type { AnalysisOutput } from '@ask-analyst/protocol';
import { formatMs as ms, medianMs, timed } from '@ask-analyst/workspace/testing';
import { openBenchWorld } from './bench-world.js';
import { startAnalysis } from '../tools/start-analysis.js';

const RUNS = 7;
const QUESTIONS = [
  'Number of flights by origin',
  'Average delay by destination',
  'Total distance by month',
  'Top 10 origins by average delay',
];

async function main(): Promise<void> {
  const world = await openBenchWorld(
    {
      TOOL_CALLS_PER_MINUTE: '1000000',
      ANALYSES_PER_MINUTE: '1000000',
      RUNNING_ANALYSES_PER_USER: '1000',
    },
    ['workbooks.read', 'analyses.write'],
  );
  const { engine, config, flights, callTool } = world;
  try {
    await world.analyses.open();
    const ask = async (question: string) => {
      const result = await callTool(startAnalysis, {
        question,
        workbookId: flights.workbookId,
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
        engine.query(
          sql,
          parameters,
          { ws: flights.dataPath },
          { maxRows: config.limits.resultRowLimit },
        );
      await duck();
      const tool = await medianMs(() => ask(question), RUNS);
      const alone = await medianMs(duck, RUNS);
      const target = 1.5 * alone + 30;
      console.log(
        `| ${question} | ${ms(tool)} (first ${ms(first.ms)}) | ${ms(alone)} | ${(tool / alone).toFixed(2)}× | ${tool <= target ? 'within' : 'over'} (${ms(target)}) |`,
      );
    }
  } finally {
    await world.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
