import type { AnalysisOutput } from '@ask-analyst/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardHeight, showCard, shot, startHarness, statusIs, type Harness } from './support.js';
import { scenario } from '../src/fixtures/scenarios.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

// Cancelled is a word users say; the others are the protocol's.
const RAW_STATUS = /\b(queued|running|succeeded|failed)\b/i;

describe('the card reads answer first', () => {
  it('puts the chart and summary first, then the reading, the rows, then the source', async () => {
    const page = await showCard(harness, { scenario: 'answer-bar' });
    await statusIs(page, 'succeeded');
    const order = await page.evaluate(() =>
      [
        '[data-testid=chart]',
        '[data-testid=summary]',
        '.interpretation',
        '.table-details',
        '.source',
      ]
        .map((selector) => document.querySelector(selector))
        .map((element) => element?.getBoundingClientRect().top ?? -1),
    );
    expect(order.every((top) => top >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Five bars say it all: the table starts collapsed, one click away.
    expect(await page.locator('details.table-details').getAttribute('open')).toBeNull();
    await shot(page, 'hierarchy-answer-bar-720');
  });

  it('shows a status users understand, never the raw status word; the hook keeps it', async () => {
    for (const [scenario, status] of [
      ['answer-bar', 'succeeded'],
      ['failed', 'failed'],
      ['cancelled', 'cancelled'],
    ] as const) {
      const page = await showCard(harness, { scenario });
      await statusIs(page, status);
      expect(await page.locator('[data-testid=status]').innerText()).not.toMatch(RAW_STATUS);
      expect(await page.locator('header').innerText()).not.toMatch(RAW_STATUS);
    }
  });

  it('shows what it assumed as a visible caution next to the reading, not grey print', async () => {
    // The recorded bar answer defaulted its order; the analyst now refuses a question with a word
    // it cannot place, so an unused word is added here (an answer may still carry one, SPEC 4).
    const [recorded] = scenario('answer-bar').results;
    const output = structuredClone(recorded?.structuredContent as AnalysisOutput);
    output.turn.answer?.interpretation.unused.push('number of');
    const page = await showCard(harness, {
      results: [{ ...recorded, content: [], structuredContent: { ...output } }],
    });
    await statusIs(page, 'succeeded');
    const caution = page.getByRole('note', { name: 'Check the reading' });
    expect(await caution.innerText()).toMatch(/Not used from your question: .?number of/);
    expect(await caution.innerText()).toContain('Assumed sort: in order of Cylinders');
    const look = await caution.evaluate((element) => {
      const style = getComputedStyle(element);
      const text = getComputedStyle(element.querySelector('p') as Element);
      const table = document.querySelector('.table-details')?.getBoundingClientRect().top ?? 0;
      return {
        border: style.borderLeftWidth,
        fontSize: text.fontSize,
        color: text.color,
        mutedColor: getComputedStyle(document.querySelector('.muted') as Element).color,
        aboveTable: element.getBoundingClientRect().bottom <= table,
      };
    });
    expect(look.border).toBe('4px');
    expect(look.fontSize).toBe('14px');
    expect(look.color).not.toBe(look.mutedColor);
    expect(look.aboveTable).toBe(true);
  });

  it('reserves the answer its room while running, so the card does not jump when it arrives', async () => {
    const page = await showCard(harness, { scenario: 'running', stepMs: 800 });
    await statusIs(page, 'running');
    const running = await cardHeight(page);
    await shot(page, 'hierarchy-running-720');
    await statusIs(page, 'succeeded');
    await page.waitForSelector('[data-testid=chart] svg');
    const answered = await cardHeight(page);
    expect(running / answered).toBeGreaterThan(0.75);
  });
});
