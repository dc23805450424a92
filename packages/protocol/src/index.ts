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
export { ProtectedResourceMetadataSchema } from './metadata.js';
export type { ProtectedResourceMetadata } from './metadata.js';
