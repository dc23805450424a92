import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Path of the Node 22 binary the `node` npm package installed. Tools that need Node 22 (the MCP
 * conformance suite, the MCP Inspector 2.x) run on it; the repo itself keeps running on the
 * machine's Node (20.19+ or 22+).
 */
export function node22Path() {
  return join(dirname(require.resolve('node/package.json')), 'bin', 'node');
}
