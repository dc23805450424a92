import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  showCard,
  resizeTo,
  shot,
  sidewaysScroll,
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

// The marks at both ends of a chart are where a centred tooltip would leave a narrow frame. One
// page per chart, narrowed from 360 to 320 px (resizeTo waits for the chart to redraw).
describe('a tooltip at a narrow width', () => {
  for (const scenario of ['answer-bar', 'answer-line', 'answer-line-series']) {
    it(`${scenario} at 360 and 320 px: the first and last marks' tooltips stay inside the card`, async () => {
      const page = await showCard(harness, { scenario, width: 360 });
      await statusIs(page, 'succeeded');
      for (const width of [360, 320]) {
        await resizeTo(page, width);
        const marks = page.locator('[data-testid=chart] [tabindex="0"]');
        const count = await marks.count();
        expect(count).toBeGreaterThan(1);
        for (const index of [0, count - 1]) {
          await marks.nth(index).focus();
          const tip = page.getByRole('tooltip');
          await tip.waitFor();
          const box = await tip.boundingBox();
          expect(box).not.toBeNull();
          if (!box) continue;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          expect(box.y).toBeGreaterThanOrEqual(0);
          expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
          await shot(page, `tooltip-${scenario}-${width}-${index === 0 ? 'first' : 'last'}`);
        }
        // Nothing keeps focus into the next width: its tooltips are shown afresh.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.getByRole('tooltip').waitFor({ state: 'hidden' });
      }
    });
  }
});
