/**
 * Test and benchmark helpers other packages share (`@ask-analyst/workspace/testing`); never used by
 * product code.
 */
export { formatMs, medianMs, timed } from './bench.js';
export { openTestDatabase, testDatabaseKind } from './database.js';
export type { TestDatabase, TestDatabaseOptions } from './database.js';
export { freePort } from './free-port.js';
export { openAsRole } from './role.js';
export { startThrowawayPostgres } from './postgres-server.js';
export type { ThrowawayPostgres } from './postgres-server.js';
export { openTestEngine } from './data.js';
export { createSmallWorld } from './world.js';
export type { SmallWorld } from './world.js';
