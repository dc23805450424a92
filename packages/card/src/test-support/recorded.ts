import type { AnalysisOutput, Answer, Turn } from '@ask-analyst/protocol';
import { scenario } from '../fixtures/scenarios.js';

/** The last recorded output of a scenario (its finished turn). */
export function recordedOutput(name: string): AnalysisOutput {
  const result = scenario(name).results.at(-1);
  return result?.structuredContent as AnalysisOutput;
}

/** The answer of a recorded scenario. */
export function recordedAnswer(name: string): Answer {
  const answer = recordedOutput(name).turn.answer;
  if (!answer) throw new Error(`scenario ${name} has no answer`);
  return answer;
}

/** The first recorded turn of a scenario (running, queued, failed…). */
export function recordedTurn(name: string, index = 0): Turn {
  const result = scenario(name).results[index];
  return (result?.structuredContent as AnalysisOutput).turn;
}

/** Cells no card may run or choke on: markup, a 10,000-character text, empty values. */
export const HOSTILE = {
  script: '<script>window.__pwned = true</script>',
  image: '<img src=x onerror="window.__pwned = true">',
  long: 'x'.repeat(9_990) + ' the end.',
};

/** An answer whose table holds the hostile cells (and whose summary and names do too). */
export function hostileAnswer(): Answer {
  const base = recordedAnswer('answer-table');
  return {
    ...base,
    summary: `Summary with ${HOSTILE.script}`,
    chart: {
      type: 'bar',
      title: HOSTILE.image,
      x: { column: 'Title', label: 'Title', format: 'text' },
      y: { column: 'Worldwide Gross', label: 'Worldwide Gross', format: 'currency' },
      series: null,
      orientation: 'vertical',
    },
    source: { ...base.source, worksheetName: HOSTILE.image },
    table: {
      columns: [
        { name: 'Title', type: 'string' },
        { name: 'Worldwide Gross', type: 'integer' },
        { name: 'Release Date', type: 'date' },
      ],
      rows: [
        [HOSTILE.script, 1_000, '2001-05-04'],
        [HOSTILE.long, null, null],
        [null, 250, '1999-12-31'],
        [HOSTILE.image, 9_007_199_254_740_993n.toString(), 'not a date'],
      ],
      rowCount: 4,
      truncated: false,
    },
  };
}
