import type { WorksheetSemantics } from '../../semantics/worksheet.js';
import { STOPWORDS, type Token } from '../../text/tokens.js';
import { KEYWORDS } from '../keywords.js';
import type { Mention } from '../mentions.js';
import { FILLER_WORDS } from './filler.js';

/** A word of the question read as another: `orgin` as `origin`. */
export interface Correction {
  /** The token's position in the question. */
  index: number;
  /** As written. */
  written: string;
  /** The word of the worksheet's vocabulary it is read as. */
  read: string;
}

/** Words shorter than this are never corrected: "hp", "date", "late" have too many neighbours. */
export const MIN_TYPO_LENGTH = 5;
/** A changed letter (not a dropped, added or swapped one) is corrected only in words this long. */
export const MIN_SUBSTITUTION_LENGTH = 7;
/** A question with more unknown words than this is not a typo away from one the analyst reads. */
export const MAX_UNKNOWN_WORDS = 3;

/** The words a question is read with: columns' names and synonyms, row words and keywords. */
interface Vocabulary {
  /** Every word of them, stemmed: a word found here is not a typo. */
  known: Set<string>;
  /** The words a typo may be read as (long enough, not stopwords). */
  targets: string[];
  /** Words of columns' names and synonyms and of row words, not only of keywords. */
  dataWords: Set<string>;
}

const vocabularies = new WeakMap<WorksheetSemantics, Vocabulary>();

function vocabularyOf(semantics: WorksheetSemantics): Vocabulary {
  const cached = vocabularies.get(semantics);
  if (cached) return cached;
  const dataWords = new Set<string>();
  const dataPhrases = [
    ...semantics.columns.flatMap((column) => column.phrases.map((phrase) => phrase.key)),
    ...semantics.entityPhrases,
  ];
  for (const phrase of dataPhrases)
    for (const word of phrase.split(' ')) if (word) dataWords.add(word);
  const known = new Set<string>(dataWords);
  for (const phrase of KEYWORDS.keys())
    for (const word of phrase.split(' ')) if (word) known.add(word);
  const targets = [...known].filter(
    (word) => word.length >= MIN_TYPO_LENGTH && /^\p{L}+$/u.test(word) && !STOPWORDS.has(word),
  );
  const vocabulary = { known, targets, dataWords };
  vocabularies.set(semantics, vocabulary);
  return vocabulary;
}

/** How `word` is one typing slip from `target`: a letter dropped or added, two swapped, one changed. */
type Slip = 'dropped_or_added' | 'swapped' | 'changed';

/**
 * The typing slip that makes `word` of `target`, if it is one: a letter dropped ("orgin"), added,
 * or two neighbours swapped ("avergae", "prcie"), or, in words of `MIN_SUBSTITUTION_LENGTH` letters
 * or more, one letter changed. A changed letter in a short word too often makes another real word
 * ("weight", "height"), so it is not counted there. Null when it is none of these.
 */
function slipOf(word: string, target: string): Slip | null {
  const a = word.length;
  const b = target.length;
  if (Math.abs(a - b) > 1 || word === target) return null;
  if (a !== b) {
    const [long, short] = a > b ? [word, target] : [target, word];
    let i = 0;
    while (i < short.length && long[i] === short[i]) i += 1;
    return long.slice(i + 1) === short.slice(i) ? 'dropped_or_added' : null;
  }
  const differ: number[] = [];
  for (let i = 0; i < a && differ.length <= 2; i += 1) if (word[i] !== target[i]) differ.push(i);
  if (differ.length === 1) return a >= MIN_SUBSTITUTION_LENGTH ? 'changed' : null;
  const [i, j] = differ;
  const swapped =
    differ.length === 2 && j === i! + 1 && word[i!] === target[j] && word[j] === target[i!];
  return swapped ? 'swapped' : null;
}

/** Whether `word` is one typing slip from `target` (see `slipOf`). */
export function isOneSlipAway(word: string, target: string): boolean {
  return slipOf(word, target) !== null;
}

/**
 * The words of a question that read as typos of the worksheet's vocabulary (issue 23, class 5: a
 * typo in a column name). A word is corrected only when it is unknown (no column, synonym, row
 * word, keyword, value or filler word), at least `MIN_TYPO_LENGTH` letters, and one slip away from
 * exactly one word of the vocabulary; and only in a question with at most `MAX_UNKNOWN_WORDS`
 * unknown words. When two words are as near, nothing is corrected: the question is refused as
 * written, naming the word.
 */
export function findCorrections(
  tokens: readonly Token[],
  mentions: readonly Mention[],
  semantics: WorksheetSemantics,
): Correction[] {
  const unknown = mentions.filter((m) => m.kind === 'word' && !m.stop);
  if (unknown.length === 0 || unknown.length > MAX_UNKNOWN_WORDS) return [];
  const { known, targets, dataWords } = vocabularyOf(semantics);
  // A changed letter reads a word as a column's or the rows' word only: into a keyword it too often
  // turns one real word into another ("starring" is no typo of "starting").
  const slip = (word: string, target: string) => {
    const kind = slipOf(word, target);
    return kind !== null && (kind !== 'changed' || dataWords.has(target));
  };
  const corrections: Correction[] = [];
  for (const mention of unknown) {
    const token = tokens[mention.start]!;
    if (mention.end - mention.start !== 1 || token.number !== undefined) continue;
    const { lower, stem } = token;
    if (lower.length < MIN_TYPO_LENGTH || !/^\p{L}+$/u.test(lower)) continue;
    if (FILLER_WORDS.has(lower) || known.has(stem) || known.has(lower)) continue;
    const near = new Set(targets.filter((target) => slip(lower, target) || slip(stem, target)));
    if (near.size !== 1) continue;
    corrections.push({ index: token.index, written: token.text, read: [...near][0]! });
  }
  return corrections;
}

/** The tokens with each correction's word read in place of the written one (the text kept as written). */
export function applyCorrections(
  tokens: readonly Token[],
  corrections: readonly Correction[],
): Token[] {
  const byIndex = new Map(corrections.map((c) => [c.index, c.read]));
  return tokens.map((token) => {
    const read = byIndex.get(token.index);
    return read === undefined ? token : { ...token, lower: read, stem: read };
  });
}
