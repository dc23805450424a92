export { eventually, gatedEngine } from './gated-engine.js';
export type { GatedEngine } from './gated-engine.js';
