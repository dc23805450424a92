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

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

describe('a wide table at a narrow width', () => {
  for (const width of [320, 480]) {
    for (const scenario of ['answer-table', 'answer-truncated']) {
      it(`${scenario} at ${width} px scrolls in its own box, numbers and words whole`, async () => {
        const page = await openCard(harness, { scenario, width });
        await statusIs(page, 'succeeded');
        expect(await splitWords(page)).toEqual([]);
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        if (scenario === 'answer-table') {
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
