export { startStack } from './stack.js';
export type { RunningStack } from './stack.js';
export { buildCdnApp } from './cdn.js';
export { loadStackConfig } from './config.js';
export type { StackConfig } from './config.js';
