export { startStack } from './stack.js';
export type { RunningStack } from './stack.js';
export { buildCdnApp } from './cdn.js';
export { loadStackConfig } from './config.js';
export type { StackConfig } from './config.js';
export { startCluster, DEFAULT_PORTS } from './cluster/start-cluster.js';
export type { ClusterOptions, RunningCluster } from './cluster/start-cluster.js';
export type { ManagedProcess } from './cluster/managed-process.js';
