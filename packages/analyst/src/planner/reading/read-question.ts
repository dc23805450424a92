import type { ValueIndex } from '../../semantics/values.js';
import type { WorksheetSemantics } from '../../semantics/worksheet.js';
import { createReadingContext, type ReadingOptions } from './context.js';
import { READING_PASSES } from './passes/index.js';
import type { Reading } from './reading.js';

/**
 * Reads one question against one worksheet: which measures with which aggregations, groupings and
 * time grains, filters on values found in the data and on numbers and dates, ranking, calculations,
 * and the follow-up cues. Never invents: what it cannot place is listed in `unused`, and a question
 * whose point it cannot place gets a `problem` instead of a plan. The question is read into
 * mentions once, then each pass of `READING_PASSES` runs in turn over them.
 */
export function readQuestion(
  question: string,
  semantics: WorksheetSemantics,
  values: ValueIndex,
  options: ReadingOptions = {},
): Reading {
  const context = createReadingContext(question, semantics, values, options);
  for (const pass of READING_PASSES) pass.run(context);
  return context.reading;
}
