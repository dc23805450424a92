/**
 * Words for units, and what they are in the units a semantic layer writes (`unit: 'mm'`, `'USD'`,
 * `'min'`): "10 mm", "100 dollars", "10 hours" of a delay in minutes (600). General measurement
 * vocabulary, not one data set's; a unit word is read only when it is the unit of the column
 * compared (or names the one column that has it), so a wrong unit refuses rather than converts.
 */
const UNIT_WORDS: ReadonlyArray<[string, string, number]> = [
  ['mm|millimeter|millimeters|millimetre|millimetres', 'mm', 1],
  ['cm|centimeter|centimeters|centimetre|centimetres', 'mm', 10],
  ['dollar|dollars|usd|bucks', 'usd', 1],
  ['min|mins|minute|minutes', 'min', 1],
  ['hr|hrs|hour|hours', 'min', 60],
  ['s|sec|secs|second|seconds', 's', 1],
  ['mi|mile|miles', 'mi', 1],
  ['kn|kt|kts|knot|knots', 'kn', 1],
  ['g|gram|grams', 'g', 1],
  ['kg|kgs|kilo|kilos|kilogram|kilograms', 'g', 1000],
  ['lb|lbs|pound|pounds', 'lb', 1],
  ['hp', 'hp', 1],
  ['mpg', 'mpg', 1],
  ['celsius|degrees', '°c', 1],
  ['degrees', '°', 1],
];

const BY_WORD = new Map<string, Array<{ unit: string; factor: number }>>();
for (const [words, unit, factor] of UNIT_WORDS) {
  for (const word of words.split('|')) {
    const list = BY_WORD.get(word) ?? [];
    list.push({ unit, factor });
    BY_WORD.set(word, list);
  }
}

/** The units a word may write, each with the factor to the unit ("hours": min × 60); [] if none. */
export function unitsOfWord(word: string): ReadonlyArray<{ unit: string; factor: number }> {
  return BY_WORD.get(word.toLowerCase()) ?? [];
}

/** The factor from a word's unit to a column's unit (`unit` as its layer writes it), if the word writes it. */
export function unitFactor(word: string, unit: string | undefined): number | undefined {
  if (!unit) return undefined;
  return unitsOfWord(word).find((u) => u.unit === unit.toLowerCase())?.factor;
}

/** Words that scale the number before them: "1 million", "2.5 billion". */
export const SCALE_WORDS: ReadonlyMap<string, number> = new Map([
  ['thousand', 1e3],
  ['million', 1e6],
  ['millions', 1e6],
  ['billion', 1e9],
  ['billions', 1e9],
]);

/**
 * Letters written right after a number that scale it ("100k", "$200m", "1.5K", "$2bn"): "k" a
 * thousand, "m"/"mm" a million, "bn" a billion; "b" only after a money sign. "mm" without a money
 * sign is millimetres, never read as a scale. The factor, or undefined.
 */
export function suffixScale(suffix: string, money: boolean): number | undefined {
  const s = suffix.toLowerCase();
  if (s === 'k') return 1e3;
  if (s === 'm' || (s === 'mm' && money)) return 1e6;
  if (s === 'bn' || (s === 'b' && money)) return 1e9;
  return undefined;
}

/**
 * Words after "2.5m" that say it counts money or people, so the "m" cannot be a unit (metres,
 * minutes, miles).
 */
export const SCALED_NOUNS =
  /^(dollars?|usd|bucks|euros?|people|persons?|inhabitants|residents|citizens|humans|population|votes?|viewers|users|customers)$/i;

/**
 * Whether a scale letter written on a number without a money sign ("50M", "5k") could instead be
 * the unit of a column (metres, minutes, miles for "m"; kilograms, kilometres, knots for "k"):
 * the column's unit starts with it. Such a number is not compared, so the question is refused.
 */
export function suffixMayBeUnit(suffix: string | undefined, unit: string | undefined): boolean {
  if (!suffix || !unit) return false;
  return unit.toLowerCase().startsWith(suffix.toLowerCase()[0]!);
}
