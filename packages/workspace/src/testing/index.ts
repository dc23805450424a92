/** Test helpers other packages share (`@ask-analyst/workspace/testing`); never used by product code. */
export { openTestDatabase, testDatabaseKind } from './database.js';
export type { TestDatabase, TestDatabaseOptions } from './database.js';
