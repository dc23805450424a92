// The designers' playground: `pnpm --filter @ask-analyst/card dev [--stack [MCP_URL]]`.
// Starts Vite's dev server (vite.config.ts) and prints the playground's address. With --stack, the
// playground signs in to the running stack (`npm start`; MCP_URL, default http://localhost:3000)
// and asks its real tools; without it, it replays the recorded scenarios.
import { parseArgs } from 'node:util';
import { createServer } from 'vite';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { stack: { type: 'boolean' }, 'mcp-url': { type: 'string' }, port: { type: 'string' } },
  allowPositionals: true,
});
const stack = values.stack
  ? (values['mcp-url'] ?? process.env.MCP_URL ?? 'http://localhost:3000')
  : '';
process.env.CARD_PLAYGROUND_STACK = stack;
const server = await createServer({
  configFile: new URL('../vite.config.ts', import.meta.url).pathname,
  // localhost: the stack's sign-in sends the browser back to a loopback address of ours.
  server: { host: 'localhost', ...(values.port ? { port: Number(values.port) } : {}) },
});
await server.listen();
const url = server.resolvedUrls?.local[0] ?? 'http://localhost:5173/';
console.log(`\n  Card playground: ${url}playground/`);
console.log(
  stack
    ? `  Against the stack at ${stack}: press "Sign in to the stack" on the page.\n`
    : '  Recorded scenarios (add --stack to ask the running stack).\n',
);
