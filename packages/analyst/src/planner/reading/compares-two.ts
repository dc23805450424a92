/**
 * A yes/no question comparing two values' figures: "are there more airports in Texas than in
 * California?", "did Japan have fewer cars than Europe?". The comparative word says which way.
 */
export const COMPARES_TWO =
  /^\s*(?:are|is|were|was|do|does|did|has|have|had)\b.*\b(more|greater|higher|bigger|larger|longer|heavier|fewer|less|lower|smaller|shorter|lighter)\b.*\bthan\b/i;

/** The comparative words of such a question, alone or before "than". */
export const COMPARATIVE =
  /^(more|greater|higher|bigger|larger|longer|heavier|fewer|less|lower|smaller|shorter|lighter)( than)?$/i;

const MORE = new Set(['more', 'greater', 'higher', 'bigger', 'larger', 'longer', 'heavier']);

/** Which way the question compares ("more": the first value's figure above the second's), if it does. */
export function comparisonAsked(question: string): 'more' | 'less' | null {
  const word = COMPARES_TWO.exec(question)?.[1]?.toLowerCase();
  if (!word) return null;
  return MORE.has(word) ? 'more' : 'less';
}
