import { normalizeValue, stem, STOPWORDS, type Token } from '../text/tokens.js';
import { DEMONYMS, US_STATES } from '../text/lexicon.js';
import { NearWords } from './near-words.js';

/** A value of a text column found in a question. */
export interface ValueMatch {
  column: string;
  /** The value exactly as stored. */
  value: string;
  /**
   * How it was found: as written, as another word form (`sunny` → `sun`), through a gazetteer, or
   * as a synonym the semantic layer gives the value ("Amazon" for AMZN), or as a capitalised word
   * of one value only ("Spielberg": Steven Spielberg).
   */
  how: 'exact' | 'word_form' | 'gazetteer' | 'synonym' | 'part';
}

/** Most distinct values of one column that are indexed. */
export const MAX_INDEXED_VALUES = 20_000;
/** Longest value, in words, looked for in a question. */
const MAX_VALUE_WORDS = 8;

const STATE_BY_CODE = new Map([...US_STATES].map(([name, code]) => [code.toLowerCase(), name]));

/** The distinct values of a worksheet's text columns, by normal form, for matching questions. */
export class ValueIndex {
  private readonly byKey = new Map<string, Array<{ column: string; value: string }>>();
  private readonly byColumn = new Map<string, string[]>();

  private readonly bySynonym = new Map<string, Array<{ column: string; value: string }>>();
  /** Per column, how many of its values hold each word: built when first asked for. */
  private readonly wordCounts = new Map<string, Map<string, number>>();

  /**
   * `synonyms`: the semantic layer's other names of values of the column ("Amazon" for AMZN);
   * one naming a value the column does not hold is left out.
   */
  constructor(
    values: ReadonlyArray<{
      column: string;
      values: readonly string[];
      synonyms?: ReadonlyArray<{ value: string; synonyms: readonly string[] }>;
    }>,
  ) {
    for (const { column, values: list, synonyms = [] } of values) {
      this.byColumn.set(column, [...list]);
      for (const value of list) {
        const key = normalizeValue(value);
        if (!key || /^[\d. ]+$/.test(key)) continue;
        const entries = this.byKey.get(key) ?? [];
        entries.push({ column, value });
        this.byKey.set(key, entries);
      }
      const held = new Set(list);
      for (const { value, synonyms: names } of synonyms) {
        if (!held.has(value)) continue;
        for (const name of names) {
          const key = normalizeValue(name);
          if (!key) continue;
          this.bySynonym.set(key, [...(this.bySynonym.get(key) ?? []), { column, value }]);
        }
      }
    }
  }

  /** Values of `column` (all of them, as stored). */
  valuesOf(column: string): readonly string[] {
    return this.byColumn.get(column) ?? [];
  }

  /**
   * The value of `column` that `text` names through the gazetteer or a value synonym, if any:
   * "Nevada" is NV in a column of state codes, even where a town named Nevada is a city.
   */
  placeIn(column: string, text: string): string | undefined {
    const key = normalizeValue(text);
    const named = [...(this.bySynonym.get(key) ?? []), ...this.gazetteer(key, [])];
    return named.find((entry) => entry.column === column)?.value;
  }

  /**
   * How many values of `column` hold `word` as one of their words, in any case ("Municipal" in
   * "Lakeland Municipal"). The column's word counts are built once, on the first call.
   */
  valuesHoldingWord(column: string, word: string): number {
    let counts = this.wordCounts.get(column);
    if (!counts) {
      counts = new Map();
      for (const value of this.valuesOf(column)) {
        for (const part of new Set(value.toLowerCase().split(/[^\p{L}\p{N}]+/u))) {
          if (part) counts.set(part, (counts.get(part) ?? 0) + 1);
        }
      }
      this.wordCounts.set(column, counts);
    }
    return counts.get(word.toLowerCase()) ?? 0;
  }

  /**
   * Values named by the tokens starting at `start`, longest first: every (column, value) pair the
   * same words name, and how many tokens they span. Short values (three letters or fewer) are only
   * taken when written in capitals or when they are not a common word (`in`, `or`, `me`).
   */
  matchAt(
    tokens: readonly Token[],
    start: number,
  ): { length: number; matches: ValueMatch[] } | null {
    const longest = Math.min(MAX_VALUE_WORDS, tokens.length - start);
    // The phrases starting here, lower case and stemmed, by length in tokens.
    const lowers = [''];
    const stems = [''];
    for (let n = 1; n <= longest; n += 1) {
      const token = tokens[start + n - 1]!;
      lowers.push(n === 1 ? token.lower : `${lowers[n - 1]!} ${token.lower}`);
      stems.push(n === 1 ? token.stem : `${stems[n - 1]!} ${token.stem}`);
    }
    for (let length = longest; length >= 1; length -= 1) {
      const words = tokens.slice(start, start + length);
      if (words.some((token) => token.number !== undefined && length === 1)) continue;
      const key = lowers[length]!;
      const exact = this.lookup(key, words);
      if (exact.length > 0) return { length, matches: exact.map((m) => ({ ...m, how: 'exact' })) };
      const synonym = this.bySynonym.get(key);
      if (synonym) return { length, matches: synonym.map((m) => ({ ...m, how: 'synonym' })) };
      const gazetteer = this.gazetteer(key, words);
      if (gazetteer.length > 0)
        return { length, matches: gazetteer.map((m) => ({ ...m, how: 'gazetteer' })) };
      if (length === 1) {
        const part = this.partOf(words[0]!);
        if (part) return { length, matches: [{ ...part, how: 'part' }] };
        for (const form of wordForms(words[0]!.lower)) {
          // "codes" is no form of the airport code COD: a code in capitals is matched as written.
          const found = this.lookup(form, words).filter(
            (entry) => words[0]!.upper || !isCode(entry.value),
          );
          if (found.length > 0)
            return { length, matches: found.map((m) => ({ ...m, how: 'word_form' })) };
        }
      } else {
        const stemmed = stems[length]!;
        if (stemmed !== key) {
          const found = this.lookup(stemmed, words);
          if (found.length > 0)
            return { length, matches: found.map((m) => ({ ...m, how: 'word_form' })) };
        }
      }
    }
    return null;
  }

  /**
   * Values within a small edit distance of `word` (1, or 2 from seven letters): offered as "did you
   * mean", never used. A value is near when its whole text or one of its words is; the nearest come
   * first, then in alphabetical order. Searches a trie of those texts (see `NearWords`), so that a
   * question of many unknown words costs time in its words, not in its words times the values.
   */
  suggest(word: string, limit = 3): Array<{ column: string; value: string }> {
    const target = word.toLowerCase();
    if (target.length < 4) return [];
    const budget = target.length >= 7 ? 2 : 1;
    const near = this.nearIndex();
    // A key's distance is that of the first of its texts (the whole key, then its words) that is
    // near: the key's own text when it is, else its first near word.
    const firstNear = new Map<number, { position: number; distance: number }>();
    for (const { index, distance } of near.words.within(target, budget)) {
      const places = near.places[index]!;
      for (let i = 0; i < places.length; i += 2) {
        const key = places[i]!;
        const position = places[i + 1]!;
        const seen = firstNear.get(key);
        if (!seen || position < seen.position) firstNear.set(key, { position, distance });
      }
    }
    // The first `limit` in the order a stable sort by distance, then value, would give.
    const best: Array<{ column: string; value: string; distance: number }> = [];
    const before = (
      a: { value: string; distance: number },
      b: { value: string; distance: number },
    ) => a.distance - b.distance || a.value.localeCompare(b.value);
    for (const key of [...firstNear.keys()].sort((a, b) => a - b)) {
      const { distance } = firstNear.get(key)!;
      for (const entry of near.entries[key]!) {
        const candidate = { ...entry, distance };
        let at = best.length;
        while (at > 0 && before(candidate, best[at - 1]!) < 0) at -= 1;
        if (at >= limit) continue;
        best.splice(at, 0, candidate);
        if (best.length > limit) best.pop();
      }
    }
    return best.map(({ column, value }) => ({ column, value }));
  }

  private near:
    | {
        words: NearWords;
        /** Per text of `words`: pairs of (key number, position of the text among the key's texts). */
        places: number[][];
        /** Per key number, in insertion order: its (column, value) entries. */
        entries: Array<Array<{ column: string; value: string }>>;
      }
    | undefined;

  /** The trie of every key's texts (the key, then each of its words), built at the first search. */
  private nearIndex(): NonNullable<ValueIndex['near']> {
    if (this.near) return this.near;
    const texts: string[] = [];
    const numbers = new Map<string, number>();
    const places: number[][] = [];
    const entries: Array<Array<{ column: string; value: string }>> = [];
    for (const [key, list] of this.byKey) {
      const keyNumber = entries.length;
      entries.push(list);
      [key, ...key.split(' ')].forEach((text, position) => {
        let number = numbers.get(text);
        if (number === undefined) {
          number = texts.length;
          numbers.set(text, number);
          texts.push(text);
          places.push([]);
        }
        places[number]!.push(keyNumber, position);
      });
    }
    this.near = { words: new NearWords(texts), places, entries };
    return this.near;
  }

  private parts: Map<string, { column: string; value: string } | null> | undefined;

  /**
   * "Spielberg" for Steven Spielberg, "Delta" for DELTA AIR LINES: a word written with a capital,
   * of five letters or more and no stopword, that is a whole word of exactly one value of several
   * words in one column (a word in two values, or in two columns, names none). Built at the first
   * question that needs it.
   */
  private partOf(token: Token): { column: string; value: string } | undefined {
    if (!/^\p{Lu}/u.test(token.text) || token.lower.length < 5 || STOPWORDS.has(token.lower))
      return undefined;
    if (!this.parts) {
      const parts = new Map<string, { column: string; value: string } | null>();
      for (const [key, list] of this.byKey) {
        const words = new Set(key.split(' '));
        if (words.size < 2) continue;
        for (const word of words) {
          if (word.length < 5) continue;
          const seen = parts.get(word);
          const here = list.length === 1 ? list[0]! : null;
          if (seen === undefined) parts.set(word, here);
          else if (
            seen !== null &&
            (here === null || seen.value !== here.value || seen.column !== here.column)
          )
            parts.set(word, null);
        }
      }
      this.parts = parts;
    }
    return this.parts.get(token.lower) ?? undefined;
  }

  private lookup(key: string, words: readonly Token[]): Array<{ column: string; value: string }> {
    const entries = this.byKey.get(key);
    if (!entries) return [];
    if (!words.every((token) => token.upper)) {
      if (key.length === 1) return [];
      // Words that carry no meaning never name a value, one or several: "show me" is how the
      // question starts, not the title "Show Me"; "made by" is not the title "Made" (issue 23,
      // class 5: conversational words never match values).
      if (key.split(' ').every((word) => STOPWORDS.has(word))) return [];
    }
    // "ORD" is the code in iata, not the town of Ord in city: the values written exactly as the
    // question writes them, when some are and others are not.
    const written = words.map((token) => token.text).join(' ');
    const asWritten = entries.filter((entry) => entry.value === written);
    return asWritten.length > 0 ? asWritten : entries;
  }

  private gazetteer(
    key: string,
    words: readonly Token[],
  ): Array<{ column: string; value: string }> {
    const code = US_STATES.get(key);
    if (code) return this.byKey.get(code.toLowerCase()) ?? [];
    for (const place of DEMONYMS.get(key) ?? []) {
      const found = this.byKey.get(place);
      if (found) return found;
    }
    const name = words.length === 1 && words[0]!.upper ? STATE_BY_CODE.get(key) : undefined;
    return name ? (this.byKey.get(name) ?? []) : [];
  }
}

/** A value stored as a code in capitals: COD, AMZN, ATL. */
function isCode(value: string): boolean {
  return /^[A-Z0-9]{2,5}$/.test(value);
}

/** Other forms a word may take for a stored value: `sunny` → `sun`, `rainy` → `rain`, `snowing` → `snow`. */
export function wordForms(word: string): string[] {
  const forms = new Set<string>([stem(word)]);
  const strip = (suffix: string, add = '') => {
    if (word.length > suffix.length + 2 && word.endsWith(suffix))
      forms.add(word.slice(0, -suffix.length) + add);
  };
  strip('ny');
  strip('y');
  // A doubled consonant before -y or -ing: foggy → fog, sunny → sun, snowing → snow, running → run.
  const doubled = /([b-df-hj-np-tv-z])\1(y|ing)$/.exec(word);
  if (doubled && word.length > doubled[0].length + 1)
    forms.add(word.slice(0, -doubled[0].length + 1));
  strip('ly');
  strip('zly', 'zle');
  strip('ing');
  strip('ning');
  strip('ed');
  strip('ied', 'y');
  strip('es');
  strip('s');
  forms.delete(word);
  return [...forms];
}

/** Levenshtein distance, giving up (returning budget + 1) once it must exceed `budget`. */
export function editDistance(a: string, b: string, budget: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > budget) return budget + 1;
    previous = current;
  }
  return previous[b.length]!;
}
