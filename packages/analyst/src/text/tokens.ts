/** One word or number of a question, with where it stands. */
export interface Token {
  /** As written. */
  text: string;
  /** Lower case. */
  lower: string;
  /** Lower case, singular (see `stem`): what phrases are matched on. */
  stem: string;
  /** Position in the token list. */
  index: number;
  /** The number it writes, for numeric tokens (`1,000`, `9.5`, `20%`). */
  number?: number;
  /** Whether it was written in capitals (`ATL`, `CA`): short codes match only then. */
  upper: boolean;
  /**
   * Where it stands in the text: the offset of its first character and one past its last. What
   * lies between two tokens (a "-" or "/" the tokens leave out) is read from the text there.
   */
  start: number;
  end: number;
}

/**
 * A number (with a minus sign when one stands right before it and no letter or digit before that:
 * "-5", "below −66"; never the "-07" of "2013-07-01" or the "-5" of "top-5"), or a word.
 */
const TOKEN =
  /(?<![\p{L}\p{N}])[-−](?=\$?\d)\$?\d[\d,]*(?:\.\d+)?%?|\$?\d[\d,]*(?:\.\d+)?%?|[\p{L}\p{N}]+/gu;

const UNCHANGED = new Set([
  'species',
  'series',
  'news',
  'gross',
  'class',
  'this',
  'was',
  'has',
  'is',
  'as',
  'us',
  'its',
  'does',
  'less',
  'plus',
  'minus',
  'across',
  'always',
  'status',
  'analysis',
  'lbs',
]);
const IES_TO_IE = new Set(['movies', 'cookies', 'zombies', 'calories', 'pies', 'ties', 'lies']);
const IRREGULAR: Record<string, string> = {
  people: 'person',
  children: 'child',
  men: 'man',
  women: 'woman',
  feet: 'foot',
  mice: 'mouse',
  geese: 'goose',
  data: 'data',
};

/** A word's singular form, lower case: `flights` → `flight`, `cities` → `city`, `boxes` → `box`. */
export function stem(word: string): string {
  const w = word.toLowerCase();
  if (IRREGULAR[w]) return IRREGULAR[w];
  if (w.length <= 3 || UNCHANGED.has(w) || /\d/.test(w)) return w;
  if (IES_TO_IE.has(w)) return w.slice(0, -1);
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes|zes)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('ss') || w.endsWith('us') || w.endsWith('is')) return w;
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

/** Reads a number as written in a question: `1,000`, `$2.5`, `20%`, `-5`; undefined for other words. */
export function parseNumber(text: string): number | undefined {
  if (!/^[-−]?\$?\d[\d,]*(?:\.\d+)?%?$/.test(text)) return undefined;
  const value = Number(text.replace(/[$,%]/g, '').replace('−', '-'));
  return Number.isFinite(value) ? value : undefined;
}

/** Splits a question (or a column name, or a value) into tokens. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const raw = match[0];
    const number = parseNumber(raw);
    const lower = raw.toLowerCase();
    tokens.push({
      text: raw,
      lower,
      stem: number === undefined ? stem(lower) : lower.replace(/[$,]/g, '').replace('−', '-'),
      index: tokens.length,
      upper: /\p{Lu}/u.test(raw) && raw === raw.toUpperCase(),
      start: match.index,
      end: match.index + raw.length,
      ...(number === undefined ? {} : { number }),
    });
  }
  return tokens;
}

/** Splits a column name into words: `Miles_per_Gallon`, `IMDB Rating`, `flipperLength`, `Cost Total $`. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/** The normal form values are compared in: their tokens, lower case, joined by spaces. */
export function normalizeValue(text: string): string {
  return tokenize(text)
    .map((token) => token.lower)
    .join(' ');
}

/** The stems of `text`'s words joined by spaces: the key phrases are matched on. */
export function phraseKey(words: readonly string[]): string {
  return words.map(stem).join(' ');
}

/** Words that carry no meaning for the analysis; never matched as values on their own. */
export const STOPWORDS = new Set(
  (
    'a an the of in on at to for from by with and or is are was were be been being do does did ' +
    'what which who whom whose how when where why that this these those there their it its as ' +
    'me my we our you your i he she they them his her has have had show tell give list find ' +
    'get see please can could would should will shall may might must than then so such into ' +
    'out up down over under about per each every all any some no not only just also too ' +
    'much many more most less least very really same other another both either neither ' +
    'happen happened happens occur occurred took take make made did done go went come came ' +
    'if else but yet via vs versus between among within without including include one'
  ).split(' '),
);
