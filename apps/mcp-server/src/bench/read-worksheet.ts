/**
 * Benchmark of read_worksheet on Flights (3,000,000 rows) through the tool path: the funnel
 * (limit, argument validation, permission check, engine, output validation, telemetry) as a call
 * from Ada. Seeds the demo workspace into an in-memory database and a temporary data folder, then
 * prints the time of page 1 and of page 2,000 (limit 100) in source order, and of page 1 and page
 * 200 sorted (a sorted page costs about the same at any depth, and walking 2,000 of them through
 * the tool takes minutes). Prints figures, asserts nothing. Run after a build: `node apps/mcp-server/dist/bench/read-worksheet.js`.
 */
import { formatMs as ms, medianMs, timed } from '@ask-analyst/workspace/testing';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { openBenchWorld } from './bench-world.js';
import { readWorksheet } from '../tools/read-worksheet.js';

const LIMIT = 100;
const RUNS = 5;

const median = (work: () => Promise<unknown>) => medianMs(work, RUNS);

async function main(): Promise<void> {
  const world = await openBenchWorld({ TOOL_CALLS_PER_MINUTE: '1000000' }, ['workbooks.read']);
  const { callTool } = world;
  const { worksheetId } = world.flights;
  try {
    const read = async (args: Record<string, unknown>) => {
      const result: CallToolResult = await callTool(readWorksheet, args);
      if (result.isError) throw new Error(JSON.stringify(result.structuredContent));
      return result.structuredContent as { nextCursor: string | null; totalRows: number };
    };

    const cases: Array<[string, number, Record<string, unknown>]> = [
      ['no sort', 2000, { worksheetId, limit: LIMIT }],
      [
        'sort delay desc, origin asc',
        200,
        {
          worksheetId,
          limit: LIMIT,
          sort: [
            { column: 'delay', direction: 'desc' },
            { column: 'origin', direction: 'asc' },
          ],
        },
      ],
    ];
    console.log(`read_worksheet on Flights, limit ${LIMIT}, median of ${RUNS}:`);
    for (const [label, target, args] of cases) {
      const first = await timed(() => read(args));
      const page1 = await median(() => read(args));
      let cursor = first.value.nextCursor;
      const walk = await timed(async () => {
        for (let page = 2; page < target && cursor; page += 1) {
          cursor = (await read({ ...args, cursor })).nextCursor;
        }
      });
      if (!cursor) throw new Error(`Flights ran out of pages before page ${target}`);
      const pageN = await median(() => read({ ...args, cursor }));
      console.log(`  ${label}:`);
      console.log(`    page 1:      ${ms(page1)} (first call ${ms(first.ms)})`);
      console.log(`    page ${target}:  ${ms(pageN)}`);
      console.log(
        `    walking pages 2–${target - 1}: ${ms(walk.ms)} (${ms(walk.ms / (target - 2))} a page)`,
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
