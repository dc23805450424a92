import type { ReadingPass } from '../context.js';
import { change } from './change.js';
import { columnAlternatives } from './column-alternatives.js';
import { columnArithmetic } from './column-arithmetic.js';
import { countCue } from './count-cue.js';
import { discreteValues } from './discrete-values.js';
import { fillerWords } from './filler-words.js';
import { followUpCues } from './follow-up-cues.js';
import { groupComparisons } from './group-comparisons.js';
import { groupings } from './groupings.js';
import { leftovers } from './leftovers.js';
import { measures } from './measures.js';
import { missingValues } from './missing-values.js';
import { namedColumns } from './named-columns.js';
import { namedConditions } from './named-conditions.js';
import { numberBeforeColumn } from './number-before-column.js';
import { numericComparisons } from './numeric-comparisons.js';
import { ranking } from './ranking.js';
import { relationship } from './relationship.js';
import { shapes } from './shapes.js';
import { superlativeRanking } from './superlative-ranking.js';
import { textContains } from './text-contains.js';
import { timeFilters } from './time-filters.js';
import { unplacedWords } from './unplaced-words.js';
import { valueFilters } from './value-filters.js';
import { valueLists } from './value-lists.js';
import { which } from './which.js';
import { winnerPerGroup } from './winner-per-group.js';

/**
 * The passes of the reading stage, in the order they run. Order matters: a pass reads only the
 * mentions no earlier pass placed, so the more specific readings come first (a year before a
 * number, "by origin" before "origin" alone, a value's column before the column named alone), and
 * the last pass lists what nobody placed. The first makes one mention of arithmetic between two
 * columns ("gross minus budget"), before any index is held. docs/ask-analyst.md describes them in this order.
 */
export const READING_PASSES: readonly ReadingPass[] = [
  columnArithmetic,
  followUpCues,
  timeFilters,
  namedConditions,
  textContains,
  groupings,
  missingValues,
  valueFilters,
  valueLists,
  discreteValues,
  groupComparisons,
  numericComparisons,
  numberBeforeColumn,
  ranking,
  shapes,
  measures,
  which,
  namedColumns,
  change,
  superlativeRanking,
  winnerPerGroup,
  relationship,
  leftovers,
  columnAlternatives,
  fillerWords,
  unplacedWords,
  countCue,
];
