import { packageTestConfig } from '../../tooling/vitest.js';

// One module graph per worker, not per file: the planner's tests are pure functions over fixtures
// each file opens itself, and importing the workspace package (DuckDB, the semantic layers) once
// per file took half the package's test time (about 120 CPU-seconds down to 60).
export default packageTestConfig(import.meta.dirname, { isolate: false });
