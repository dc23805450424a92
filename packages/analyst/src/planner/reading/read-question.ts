import type { ValueIndex } from '../../semantics/values.js';
import type { WorksheetSemantics } from '../../semantics/worksheet.js';
import { createReadingContext, type ReadingContext, type ReadingOptions } from './context.js';
import { READING_PASSES } from './passes/index.js';
import type { Reading } from './reading.js';
import { applyCorrections, findCorrections } from './spelling.js';

/**
 * Reads one question against one worksheet: which measures with which aggregations, groupings and
 * time grains, filters on values found in the data and on numbers and dates, ranking, calculations,
 * and the follow-up cues. Never invents: what it cannot place is listed in `unused`, and a question
 * whose point it cannot place gets a `problem` instead of a plan. The question is read into
 * mentions once, then each pass of `READING_PASSES` runs in turn over them.
 *
 * A question that cannot be answered as written is read once more when some of its unknown words
 * are each one typing slip from exactly one word of the worksheet (`spelling.ts`): that reading is
 * kept only when it has no problem, and lists the words it corrected. Otherwise the first reading,
 * naming the words, stands.
 */
export function readQuestion(
  question: string,
  semantics: WorksheetSemantics,
  values: ValueIndex,
  options: ReadingOptions = {},
): Reading {
  const context = createReadingContext(question, semantics, values, options);
  runPasses(context);
  if (!context.reading.problem) return context.reading;
  const corrections = findCorrections(context.tokens, context.mentions, semantics);
  if (corrections.length === 0) return context.reading;
  const corrected = createReadingContext(
    question,
    semantics,
    values,
    options,
    applyCorrections(context.tokens, corrections),
  );
  runPasses(corrected);
  if (corrected.reading.problem) return context.reading;
  corrected.reading.corrections = corrections.map(({ written, read }) => ({ written, read }));
  return corrected.reading;
}

function runPasses(context: ReadingContext): void {
  for (const pass of READING_PASSES) pass.run(context);
}
