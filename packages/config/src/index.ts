export { ANALYST_MODEL_VARIABLES, analystModelOf } from './analyst-model.js';
export type { AnalystModelSettings } from './analyst-model.js';
export {
  blankToUndefined,
  envBoolean,
  envInt,
  envOptionalString,
  envOrigins,
  envSecret,
  envString,
  envTrustProxy,
  parseTrustProxy,
} from './env.js';
export { ConfigError, TLS_VARIABLES, loadConfig } from './load-config.js';
export type { ConfigChecks } from './load-config.js';
export { insecureOriginProblems, isLoopbackOrigin, isOrigin } from './origins.js';
export type { NamedOrigin } from './origins.js';
export { loadTlsFiles } from './tls.js';
export type { TlsFiles } from './tls.js';
