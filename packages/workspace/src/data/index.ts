export { WorksheetEngine } from './engine.js';
export { DataError, isDataError } from './errors.js';
export type { DataErrorCode } from './errors.js';
export { demoDataFile } from './demo-data.js';
export type {
  Cell,
  ColumnProfile,
  ColumnType,
  EngineOptions,
  Filter,
  FilterOp,
  IngestOptions,
  IngestResult,
  ReadRequest,
  ReadResult,
  RemoveOrphansOptions,
  SortKey,
  WorksheetColumn,
  WorksheetQueryOptions,
  WorksheetQueryResult,
  WorksheetRef,
} from './types.js';
