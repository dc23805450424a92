import type {
  Aggregation,
  Alternative,
  PlanCalculation,
  PlanFilter,
  TimeGrain,
} from '@ask-analyst/protocol';
import type { ColumnSemantics } from '../../semantics/worksheet.js';
import type { FollowUpCue } from '../keywords.js';

/** How a piece of the plan came to be (SPEC section 4, interpretation slots). */
export type SlotSource = 'stated' | 'defaulted' | 'value_matched' | 'carried_over';

export interface ReadMeasure {
  column: ColumnSemantics | null;
  aggregation: Aggregation;
  source: SlotSource;
  words: string | null;
}

export interface ReadDimension {
  column: ColumnSemantics;
  grain: TimeGrain | null;
  source: SlotSource;
  words: string | null;
}

export interface ReadFilter {
  filter: PlanFilter;
  source: SlotSource;
  words: string | null;
  /** Shown in the restatement: `origin is ATL`, `year of date is 2013`. */
  text: string;
  /** The semantic layer's word for the condition this filter is ("late": delay above 0). */
  named?: string;
}

/** What one question says, before it is merged with the conversation and made a plan. */
export interface Reading {
  measures: ReadMeasure[];
  dimensions: ReadDimension[];
  filters: ReadFilter[];
  /** Ranking: by the first measure, highest or lowest first, at most `limit` groups. */
  ranking: { direction: 'asc' | 'desc'; limit: number | null; words: string } | null;
  /**
   * `endpoints`: a change asked as one amount ("how much did X change from 2005 to 2008", "the
   * percentage change in X between A and B"): between the two ends of the range, not year by year.
   */
  calculation: {
    calculation: PlanCalculation;
    words: string;
    endpoints?: boolean;
    /** A ranked change asked relative to its start ("percentage growth", "grew the fastest"). */
    relative?: boolean;
  } | null;
  /**
   * A comparison of each group's aggregate, not of rows ("more than 5 airports", "an average
   * rating above 7"): rows counted (`column` null) or the column's aggregate, kept where it compares.
   */
  groupFilter: {
    column: ColumnSemantics | null;
    aggregation: Aggregation;
    op: 'gt' | 'gte' | 'lt' | 'lte' | 'eq';
    value: number;
    words: string;
  } | null;
  /** Whether the question asks for something itself (an aggregation, a count), not only a change. */
  asksForValue: boolean;
  cues: Set<FollowUpCue>;
  /** Columns a follow-up lifts its filters from ("all years", "any origin"). */
  resets: string[];
  /** Content words that were not used. */
  unused: string[];
  alternatives: Alternative[];
  /**
   * A histogram, box plot or scatter asked for ("histogram of distance", "box plot of flipper length
   * by species", "weight vs mpg"): the plotted columns, in order (x then y for a scatter).
   */
  shape: {
    kind: 'histogram' | 'boxplot' | 'scatter';
    columns: ColumnSemantics[];
    words: string;
  } | null;
  /** A chart kind the question asks for by name ("as a bar chart"). */
  chart: { kind: 'bar' | 'line'; words: string } | null;
  /** Words read as typos of the worksheet's words ("orgin" as "origin"); see `spelling.ts`. */
  corrections: Array<{ written: string; read: string }>;
  /**
   * Words the semantic layer gives one column that other columns' own names hold too, read as the
   * layer's column ("cost": Cost Total $, not Cost Other or Cost Repair); said in the restatement.
   */
  layerDefaults: Array<{ words: string; column: string; others: string[] }>;
  /**
   * Words read as the semantic layer's named conditions and the filter each is (`late`, `delay is
   * above 0`), said in the restatement.
   */
  namedConditions: Array<{ words: string; text: string }>;
  /** Why the question cannot be answered as it stands; set instead of guessing. */
  problem: { code: 'not_understood' | 'needs_clarification'; message: string } | null;
}

/** An empty reading. */
export function emptyReading(): Reading {
  return {
    measures: [],
    dimensions: [],
    filters: [],
    ranking: null,
    calculation: null,
    groupFilter: null,
    asksForValue: false,
    cues: new Set(),
    resets: [],
    unused: [],
    alternatives: [],
    shape: null,
    chart: null,
    corrections: [],
    layerDefaults: [],
    namedConditions: [],
    problem: null,
  };
}
