export { isServiceError, ServiceError } from './errors.js';
export type { ServiceErrorCode, ServiceErrorReason } from './errors.js';
export type { ServiceLogger } from './logger.js';
export { setBounded } from './principals/bounded-map.js';
export { createPrincipalCache } from './principals/principal-cache.js';
export type {
  PrincipalCache,
  PrincipalCacheOptions,
  PrincipalLookup,
} from './principals/principal-cache.js';
export { checkPrincipal } from './principals/principal-check.js';
export type {
  CredentialClaims,
  PrincipalRefusal,
  PrincipalVerdict,
} from './principals/principal-check.js';
export { inProcessUserLimits } from './limits/user-limits.js';
export type { UserLimitName, UserLimits } from './limits/user-limits.js';
export { DEFAULT_MAX_KEYS, WindowCounter } from './limits/window-counter.js';
export type { WindowVerdict } from './limits/window-counter.js';
export {
  argumentShape,
  declaredPropertyNames,
  UNDECLARED_KEYS,
} from './telemetry/argument-shape.js';
export type { Shape } from './telemetry/argument-shape.js';
export { createTelemetryBatcher } from './telemetry/batcher.js';
export type { TelemetryBatcher, TelemetryBatcherOptions } from './telemetry/batcher.js';
export {
  createDatabaseTelemetry,
  databaseTelemetry,
  databaseTelemetryWriter,
} from './telemetry/record.js';
export type { TelemetrySink, ToolCallRecord } from './telemetry/record.js';
export { appendTurn, createAnalysisService, notReadable } from './analysis/analyses.js';
export type {
  AnalysisService,
  AnalysisServiceOptions,
  FollowOptions,
  PlanningContext,
} from './analysis/analyses.js';
export type { AnalysisRuntime, AnalysisSettings } from './analysis/runtime.js';
export type { TurnWatch } from './analysis/turn-events.js';
export type { PreparedSource, TurnRunner } from './analysis/turn-runner.js';
export { toConversation, toTurn, toWorksheetSource } from './analysis/views.js';
export {
  describeWorkbook,
  listWorkbooks,
  profileWorksheet,
  readableWorksheet,
  readWorksheetRows,
} from './catalog/workbooks.js';
export type { CatalogDeps } from './catalog/workbooks.js';
