export {
  blankToUndefined,
  envInt,
  envOptionalString,
  envOrigins,
  envString,
  envTrustProxy,
  parseTrustProxy,
} from './env.js';
export { insecureOriginProblems, isLoopbackOrigin, isOrigin } from './origins.js';
export type { NamedOrigin } from './origins.js';
export { loadTlsFiles } from './tls.js';
export type { TlsFiles } from './tls.js';
