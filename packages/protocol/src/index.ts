export { SCOPES, ScopeSchema, DEFAULT_SCOPE } from './scopes.js';
export type { Scope } from './scopes.js';
export {
  HTTP_ERROR_CODES,
  HTTP_ERROR_TYPES,
  HttpErrorBodySchema,
  HttpErrorCodeSchema,
  HttpErrorTypeSchema,
  RequestIdSchema,
} from './http-errors.js';
export type { HttpErrorBody, HttpErrorCode, HttpErrorType } from './http-errors.js';
export {
  blankToUndefined,
  envInt,
  envOptionalString,
  envOrigins,
  envString,
  envTrustProxy,
  parseTrustProxy,
} from './env.js';
export { isRecord } from './json-values.js';
export { ProtectedResourceMetadataSchema } from './metadata.js';
export type { ProtectedResourceMetadata } from './metadata.js';
export { insecureOriginProblems, isLoopbackOrigin, isOrigin } from './origins.js';
export type { NamedOrigin } from './origins.js';
export { TOOL_ERROR_CODES, ToolErrorCodeSchema, ToolErrorSchema } from './tool-errors.js';
export type { ToolErrorCode, ToolErrorContent } from './tool-errors.js';
export { WhoamiInputSchema, WhoamiOutputSchema } from './tools/whoami.js';
export type { WhoamiInput, WhoamiOutput } from './tools/whoami.js';
export {
  COLUMN_TYPES,
  CellSchema,
  ColumnTypeSchema,
  CursorInputSchema,
  NextCursorSchema,
  RefSchema,
  ScalarSchema,
} from './tools/common.js';
export type { Cell, ColumnType, Ref } from './tools/common.js';
export {
  GetWorkbookInputSchema,
  GetWorkbookOutputSchema,
  ListWorkbooksInputSchema,
  ListWorkbooksOutputSchema,
  WorkbookIdSchema,
  WorkbookSchema,
  WorksheetColumnSchema,
  WorksheetIdSchema,
  WorksheetSummarySchema,
  WorkspaceIdSchema,
} from './tools/workbooks.js';
export type {
  GetWorkbookInput,
  GetWorkbookOutput,
  ListWorkbooksInput,
  ListWorkbooksOutput,
  Workbook,
  WorksheetColumn,
  WorksheetSummary,
} from './tools/workbooks.js';
export {
  ColumnProfileSchema,
  FILTER_OPS,
  FilterOpSchema,
  FilterSchema,
  GetWorksheetInputSchema,
  GetWorksheetOutputSchema,
  ReadWorksheetInputSchema,
  ReadWorksheetOutputSchema,
  SortSchema,
} from './tools/worksheets.js';
export type {
  ColumnProfile,
  Filter,
  FilterOp,
  GetWorksheetInput,
  GetWorksheetOutput,
  ReadWorksheetInput,
  ReadWorksheetOutput,
  Sort,
} from './tools/worksheets.js';
export {
  AGGREGATIONS,
  ANALYSIS_STEPS,
  AggregationSchema,
  AlternativeSchema,
  AnalysisOutputSchema,
  AnalysisPlanSchema,
  AnalysisStepSchema,
  AnswerSchema,
  AnswerTableSchema,
  CARD_MIME_TYPE,
  CARD_RESOURCE_URI,
  CancelAnalysisInputSchema,
  ChartFieldSchema,
  ChartSpecSchema,
  ContinueAnalysisInputSchema,
  ConversationIdSchema,
  ConversationSchema,
  FINISHED_TURN_STATUSES,
  GetAnalysisInputSchema,
  InterpretationSchema,
  InterpretationSlotSchema,
  ListAnalysesInputSchema,
  ListAnalysesOutputSchema,
  PlanCalculationSchema,
  PlanDimensionSchema,
  PlanFilterSchema,
  PlanMeasureSchema,
  PlanSortSchema,
  SLOT_KINDS,
  SLOT_SOURCES,
  StartAnalysisInputSchema,
  TIME_GRAINS,
  TURN_ERROR_CODES,
  TURN_STATUSES,
  TimeGrainSchema,
  TurnErrorCodeSchema,
  TurnIdSchema,
  TurnSchema,
  TurnStatusSchema,
  VALUE_FORMATS,
  ValueFormatSchema,
} from './tools/analyses.js';
export type {
  Aggregation,
  Alternative,
  AnalysisOutput,
  AnalysisPlan,
  AnalysisStep,
  Answer,
  AnswerTable,
  CancelAnalysisInput,
  ChartField,
  ChartSpec,
  ContinueAnalysisInput,
  Conversation,
  GetAnalysisInput,
  Interpretation,
  InterpretationSlot,
  ListAnalysesInput,
  ListAnalysesOutput,
  PlanCalculation,
  PlanDimension,
  PlanFilter,
  PlanMeasure,
  PlanSort,
  StartAnalysisInput,
  TimeGrain,
  Turn,
  TurnErrorCode,
  TurnStatus,
  ValueFormat,
} from './tools/analyses.js';
