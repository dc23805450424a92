import type {
  AnalysisPlan,
  Interpretation,
  InterpretationSlot,
  SlotSource,
} from '@ask-analyst/protocol';
import type { WorksheetSemantics } from '../semantics/worksheet.js';
import { calculationText, measureText, restate, TIES_KEPT } from './build-plan.js';
import { describeFilter } from './reading/filters.js';

/**
 * How a plan that was not read from the question's words is understood: every part of the plan a
 * slot of `source` (`stated` for a model planner's plan, which read the question; `client` for a
 * plan the client passed, SPEC section 4), the restatement written from the plan itself, no words
 * unused (none were read) and no other readings.
 */
export function interpretPlan(
  plan: AnalysisPlan,
  semantics: WorksheetSemantics,
  source: Extract<SlotSource, 'stated' | 'client'>,
): Interpretation {
  const slot = (kind: InterpretationSlot['slot'], text: string): InterpretationSlot => ({
    slot: kind,
    text,
    source,
    words: null,
  });
  const label = (by: 'measure' | 'dimension', index: number) =>
    (by === 'measure' ? plan.measures[index] : plan.dimensions[index])?.label ?? by;
  const slots: InterpretationSlot[] = [
    slot('worksheet', semantics.source.name),
    ...plan.measures.map((m) => slot('measure', measureText(m))),
    ...plan.dimensions.map((d) =>
      d.grain ? slot('time', `${d.label} of ${d.column}`) : slot('dimension', d.column),
    ),
    ...plan.filters.map((f) => slot('filter', describeFilter(f))),
    ...plan.sort.map((s) =>
      slot(
        'sort',
        s.by === 'measure'
          ? `${s.direction === 'desc' ? 'highest' : 'lowest'} ${label(s.by, s.index)} first`
          : `in ${s.direction === 'desc' ? 'reverse ' : ''}order of ${label(s.by, s.index)}`,
      ),
    ),
  ];
  if (plan.limit !== null) {
    slots.push(
      slot(
        'limit',
        `${plan.sort[0]?.direction === 'asc' ? 'bottom' : 'top'} ${plan.limit}${plan.sort[0]?.by === 'measure' ? TIES_KEPT : ''}`,
      ),
    );
  }
  if (plan.calculation) slots.push(slot('calculation', calculationText(plan)));
  return { restatement: restate(plan, semantics), slots, unused: [], alternatives: [] };
}
