import type { ValueIndex } from '../semantics/values.js';
import type { WorksheetSemantics } from '../semantics/worksheet.js';
import { buildPlan, type PlanOutcome, type PreviousTurn } from './build-plan.js';
import { readQuestion } from './reading/read-question.js';

/** What a planner is given: the question, the worksheet it is about, the turn before it. */
export interface PlannerInput {
  question: string;
  semantics: WorksheetSemantics;
  values: ValueIndex;
  previous: PreviousTurn | null;
  worksheetStated: boolean;
  /** Aborted when the turn is cancelled or its process stops: a planner waiting on a model stops. */
  signal?: AbortSignal;
}

/**
 * Turns a question into an `AnalysisPlan` (never SQL). The deterministic semantic parser is the
 * default; a model-backed planner may stand in front of it, producing plans through the same schema.
 */
export interface Planner {
  plan(input: PlannerInput): Promise<PlanOutcome>;
}

/** The default planner: a deterministic semantic parser, no network, no model. */
export const deterministicPlanner: Planner = {
  async plan({ question, semantics, values, previous, worksheetStated }) {
    const reading = readQuestion(question, semantics, values, {
      previousFilterColumns: previous?.plan.filters.map((filter) => filter.column) ?? [],
      followsTurn: previous !== null,
    });
    return buildPlan(reading, semantics, previous, { worksheetStated });
  },
};
