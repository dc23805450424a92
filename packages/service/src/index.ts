export { isServiceError, ServiceError } from './errors.js';
export type { ServiceErrorCode } from './errors.js';
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
