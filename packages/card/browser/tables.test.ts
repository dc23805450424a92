import type { AnalysisOutput, Answer } from '@ask-analyst/protocol';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openCard,
  shot,
  sidewaysScroll,
  splitWords,
  startHarness,
  statusIs,
  type Harness,
} from './support.js';
import { scenario } from '../src/fixtures/scenarios.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

/** The recorded table-only answer with each number column twice: wider than 480 px. */
function widened(): CallToolResult[] {
  const [recorded] = scenario('answer-table').results;
  const output = structuredClone(recorded?.structuredContent as AnalysisOutput);
  const answer = output.turn.answer as Answer;
  const extra = answer.table.columns.slice(1).map((column) => ({
    ...column,
    name: `${column.name} (again)`,
  }));
  answer.table.columns.push(...extra);
  answer.table.rows = answer.table.rows.map((row) => [...row, ...row.slice(1)]);
  return [{ content: [], structuredContent: { ...output } }];
}

describe('a wide table at a narrow width', () => {
  for (const width of [320, 480]) {
    for (const scenario of ['answer-table', 'answer-truncated']) {
      it(`${scenario} at ${width} px scrolls in its own box, numbers and words whole`, async () => {
        const wide = scenario === 'answer-table';
        const page = await openCard(
          harness,
          wide ? { results: widened(), width } : { scenario, width },
        );
        await statusIs(page, 'succeeded');
        expect(await splitWords(page)).toEqual([]);
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        if (wide) {
          // Five columns do not fit: the table scrolls sideways inside its own box.
          const box = await page
            .locator('.table-scroll')
            .evaluate((element) => element.scrollWidth - element.clientWidth);
          expect(box).toBeGreaterThan(0);
        }
        await shot(page, `table-${scenario}-${width}`);
        await page.close();
      });
    }
  }
});
