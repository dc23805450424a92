import type { PlanFilter } from '@ask-analyst/protocol';
import type { ValueIndex } from '../../semantics/values.js';
import type { WorksheetSemantics } from '../../semantics/worksheet.js';
import { tokenize, type Token } from '../../text/tokens.js';
import { findMentions, keywordOf, type Mention } from '../mentions.js';
import { describeFilter } from './filters.js';
import { emptyReading, type ReadFilter, type Reading } from './reading.js';

/** What the turn before a follow-up tells the reading. */
export interface ReadingOptions {
  /** Columns the previous turn filters: a value of one of them is read in that column first. */
  previousFilterColumns?: readonly string[];
  /** Whether the question follows a turn: with no measure of its own, it keeps that turn's. */
  followsTurn?: boolean;
}

/** A superlative word the measures pass read ("highest", "most common"), for later passes. */
export interface ReadSuperlative {
  direction: 'asc' | 'desc';
  words: string;
}

/** A value of the data found in the question, not negated: the value-lists pass makes it a filter. */
export interface FoundValue {
  column: string;
  value: string;
  index: number;
  words: string;
}

/**
 * What the passes of the reading stage share: the question read into mentions, the reading they
 * fill in, and which mentions are placed. Each pass reads the mentions no earlier pass placed, adds
 * to the reading, and marks what it placed; the last pass lists what nobody placed.
 */
export interface ReadingContext {
  readonly question: string;
  readonly semantics: WorksheetSemantics;
  readonly values: ValueIndex;
  readonly tokens: readonly Token[];
  readonly mentions: readonly Mention[];
  /** What the passes have read so far. */
  readonly reading: Reading;
  /** Indexes of the mentions a pass has placed. */
  readonly used: Set<number>;
  /** Columns named in the question, or filtered by the turn a follow-up builds on ("what about JFK?"). */
  readonly namedColumns: ReadonlySet<string>;
  /** Whether the question follows a turn (`ReadingOptions.followsTurn`). */
  readonly followsTurn: boolean;
  /** Superlatives read by the measures pass (the `which`, columns and ranking passes use them). */
  readonly superlatives: ReadSuperlative[];
  /** Values found by the value-filters pass, merged by column by the value-lists pass. */
  readonly foundValues: FoundValue[];
  /** The mention at `index` (undefined outside the question). */
  readonly at: (index: number) => Mention | undefined;
  /** Marks mentions placed. */
  readonly use: (...indexes: number[]) => void;
  /** The next mention after `index`, within `skip`, that is not a stopword or a time anchor; or -1. */
  readonly next: (index: number, skip?: number) => number;
  /** The mention before `index`, within `skip`, that is not a stopword; or -1. */
  readonly previous: (index: number, skip?: number) => number;
  /** Adds a filter to the reading, with its text for the restatement. */
  readonly addFilter: (filter: PlanFilter, source: ReadFilter['source'], words: string) => void;
  /**
   * Puts one mention in place of the mentions `first` to `last` (inclusive): a measure the
   * question makes of two columns ("gross minus budget"). Only before any mention is placed, so
   * no pass holds an index it moves.
   */
  readonly merge: (first: number, last: number, mention: Mention) => void;
}

/**
 * A fresh context: the question tokenized (or its `tokens`, read with corrections) and read into
 * mentions, an empty reading.
 */
export function createReadingContext(
  question: string,
  semantics: WorksheetSemantics,
  values: ValueIndex,
  options: ReadingOptions = {},
  tokens: readonly Token[] = tokenize(question),
): ReadingContext {
  const mentions = findMentions(tokens, semantics, values);
  const reading = emptyReading();
  const used = new Set<number>();
  return {
    question,
    semantics,
    values,
    tokens,
    mentions,
    reading,
    used,
    namedColumns: new Set([
      ...mentions.flatMap((m) => (m.kind === 'column' ? [m.column.name] : [])),
      ...(options.previousFilterColumns ?? []),
    ]),
    followsTurn: options.followsTurn ?? false,
    superlatives: [],
    foundValues: [],
    at: (index) => mentions[index],
    use: (...indexes) => indexes.forEach((index) => used.add(index)),
    next: (index, skip = 3) => {
      for (let j = index + 1; j < mentions.length && j <= index + skip; j += 1) {
        const m = mentions[j]!;
        if (m.kind === 'word' && m.stop) continue;
        if (m.kind === 'keyword' && keywordOf(m, 'time_anchor') && !keywordOf(m, 'group')) continue;
        return j;
      }
      return -1;
    },
    previous: (index, skip = 2) => {
      for (let j = index - 1; j >= 0 && j >= index - skip; j -= 1) {
        const m = mentions[j]!;
        if (m.kind === 'word' && m.stop) continue;
        return j;
      }
      return -1;
    },
    addFilter: (filter, source, words) => {
      reading.filters.push({ filter, source, words, text: describeFilter(filter) });
    },
    merge: (first, last, mention) => {
      if (used.size > 0) throw new Error('mentions are merged before any is placed');
      mentions.splice(first, last - first + 1, mention);
    },
  };
}

/** A step of the reading stage; `READING_PASSES` lists them in the order they run. */
export interface ReadingPass {
  /** Its name, as its file and the docs name it. */
  readonly name: string;
  /** Reads what it reads into `context.reading`, marking the mentions it placed. */
  readonly run: (context: ReadingContext) => void;
}
