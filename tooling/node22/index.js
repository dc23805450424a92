import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Path of the Node 22 binary the `node` npm package installed. Tools that need Node 22 (the MCP
 * conformance suite, the MCP Inspector 2.x) always run on it; `npm start` and `npm test` run the
 * whole stack on it when the machine's Node is not a supported LTS (scripts/bootstrap/plan.mjs).
 * Plain JavaScript: the bootstrap imports it before anything is built.
 */
export function node22Path() {
  return join(dirname(require.resolve('node/package.json')), 'bin', 'node');
}
