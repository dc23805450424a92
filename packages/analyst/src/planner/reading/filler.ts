/**
 * The closed list of filler words (docs/ask-analyst.md, "The precision rule"): words a question may
 * hold that ask for nothing, so an answer that leaves them out answers the question asked. Every
 * other word that no pass placed refuses the turn. The list is closed on purpose: a word is added
 * here only when no reading of it could change the answer, never to let a question through.
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  // Conversation around the question.
  'thanks',
  'thank',
  'thx',
  'hey',
  'hi',
  'hello',
  'ok',
  'okay',
  'pls',
  'plz',
  'kindly',
  'let',
  'us',
  'want',
  'need',
  'like',
  'know',
  'wondering',
  // What "What's", "there's", "it's" leave once split.
  's',
  // The data itself, as a whole.
  'data',
  'dataset',
  'worksheet',
  'sheet',
  // That something took place (as "happened", "occurred" among the stopwords).
  'reported',
  'recorded',
  'released',
  'published',
  // That a row was made or taken, which every row was: "cars built after 1979", "penguins
  // measured on each island", "distance flown".
  'built',
  'manufactured',
  'measured',
  'observed',
  'flown',
  // Linking a row to what it holds, as "with" does: "strikes involving large wildlife".
  'involved',
  'involving',
  'involve',
  'involves',
  'got',
  // What a row holds, said as what it added up: "the operator that racked up the highest cost".
  'racked',
  'accumulated',
  'amassed',
  'incurred',
  // Introducing a value as a name: "a city called Jackson", "a town named Springfield".
  'called',
  'named',
  // What a row holds, said as its effect: "strikes that caused substantial damage".
  'caused',
  'causing',
  // Asking for a chart without saying which (a named kind is read with the word after it).
  'chart',
  'charts',
  'graph',
  'graphs',
  'plot',
  'plots',
  'diagram',
  'visualize',
  'visualise',
  'visualization',
  'visualisation',
  'draw',
  'display',
  // Stressing a superlative: "the highest price ever".
  'ever',
]);

/** Words that say the answer is split into groups: filler once a grouping is read ("breakdown of strikes by phase"). */
export const GROUPED_WORDS: ReadonlySet<string> = new Set(['breakdown', 'breakdowns', 'split']);

/** Chart words that say "a chart" only when one of these follows: "bar chart", "line graph". */
export const CHART_KIND_WORDS: ReadonlySet<string> = new Set(['bar', 'line', 'column']);

/** Nouns that only repeat the column they follow: "weather type", "origin column". */
export const COLUMN_NOUNS: ReadonlySet<string> = new Set([
  'type',
  'types',
  'kind',
  'kinds',
  'category',
  'categories',
  'column',
  'field',
  'value',
  'values',
]);
