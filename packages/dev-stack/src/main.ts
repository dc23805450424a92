#!/usr/bin/env node
import { holdHeapGrowth } from '@ask-analyst/mcp-server';
import { startStack } from './stack.js';

const DEMO_USERS = [
  'ada@acme.test     admin in Operations and Research',
  'alan@acme.test    analyst in Research',
  'grace@acme.test   viewer in Research',
  'linus@acme.test   access revoked',
  'hopper@globex.test  organization not in the private beta',
];

const SHUTDOWN_DEADLINE_MS = 10_000;

async function main(): Promise<void> {
  holdHeapGrowth();
  const started = Date.now();
  const stack = await startStack(process.env, (line) => console.log(line));
  // Signals are handled before the banner says the stack is up: a stop right after it is graceful.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: finishing in-flight requests and stopping`);
    // A graceful stop finishes within 10 s (SPEC section 1); whatever still hangs then is cut off.
    setTimeout(() => {
      console.error('stopping took longer than 10 s; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    stack.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  console.log(`
Ask Analyst dev stack is up (${((Date.now() - started) / 1000).toFixed(1)} s)

  MCP endpoint           ${stack.mcpUrl}/mcp
  Authorization server   ${stack.authUrl}
  Web app                ${stack.appUrl}
  CDN (card assets)      ${stack.cdnUrl}
  Health check           ${stack.mcpUrl}/.well-known/oauth-protected-resource

Demo sign-in (password for all: analyst-demo):
${DEMO_USERS.map((u) => `  ${u}`).join('\n')}

Code-editor client configuration:
  { "mcpServers": { "ask-analyst": { "url": "${stack.mcpUrl}/mcp", "auth": { "CLIENT_ID": "analyst-code-editor" } } } }

Ops: pnpm ops --help     Stop: Ctrl+C
`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
