export { Analyst } from './analyst.js';
export type { AnalysisOutcome, AnalysisRequest, AnalystData, AnalystOptions } from './analyst.js';
export { compilePlan, PlanError, WORKSHEET_VIEW } from './compiler/compile.js';
export type { CompiledQuery } from './compiler/compile.js';
export { buildPlan, measureLabel, restate } from './planner/build-plan.js';
export type { PlanOutcome, PreviousTurn } from './planner/build-plan.js';
export { AGGREGATIONS_FOR, checkPlan, describeValueType } from './planner/check-plan.js';
export type { PlanProblem, PlanTarget } from './planner/check-plan.js';
export { interpretPlan } from './planner/plan-interpretation.js';
export { deterministicPlanner } from './planner/planner.js';
export type { Planner, PlannerInput } from './planner/planner.js';
export { readQuestion } from './planner/reading/read-question.js';
export { describeWorksheet } from './semantics/worksheet.js';
export type {
  ColumnRole,
  ColumnSemantics,
  WorksheetSemantics,
  WorksheetSource,
} from './semantics/worksheet.js';
export { ValueIndex } from './semantics/values.js';
export { createModelPlanner } from './planner/model-planner.js';
export type { ModelPlannerOptions } from './planner/model-planner.js';
