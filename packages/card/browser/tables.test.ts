import type { AnalysisOutput, Answer } from '@ask-analyst/protocol';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  showCard,
  resizeTo,
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
  for (const scenario of ['answer-table', 'answer-truncated']) {
    it(`${scenario} at 480 and 320 px scrolls in its own box, numbers and words whole`, async () => {
      const wide = scenario === 'answer-table';
      // One page, narrowed: the card lays itself out again at each width (resizeTo waits for it).
      const page = await showCard(
        harness,
        wide ? { results: widened(), width: 480 } : { scenario, width: 480 },
      );
      await statusIs(page, 'succeeded');
      for (const width of [480, 320]) {
        await resizeTo(page, width);
        expect(await splitWords(page), `${width}px`).toEqual([]);
        expect(await sidewaysScroll(page), `${width}px`).toBeLessThanOrEqual(0);
        if (wide) {
          // Five columns do not fit: the table scrolls sideways inside its own box.
          const box = await page
            .locator('.table-scroll')
            .evaluate((element) => element.scrollWidth - element.clientWidth);
          expect(box, `${width}px`).toBeGreaterThan(0);
        }
        await shot(page, `table-${scenario}-${width}`);
      }
    });
  }
});
