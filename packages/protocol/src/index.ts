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
export { TOOL_ERROR_CODES, ToolErrorCodeSchema, ToolErrorSchema } from './tool-errors.js';
export type { ToolErrorCode, ToolErrorContent } from './tool-errors.js';
export { WhoamiInputSchema, WhoamiOutputSchema } from './tools/whoami.js';
export type { WhoamiInput, WhoamiOutput } from './tools/whoami.js';
