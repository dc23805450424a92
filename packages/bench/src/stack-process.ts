/**
 * The system under test, in its own process: the dev stack as `npm start` composes it (dev-auth,
 * mcp-server, CDN, admin interface, one database, the demo workspace), configured by the bench
 * through its environment. Mints demo tokens on request and reports its memory and CPU time.
 */
import { startStack } from '@ask-analyst/dev-stack';
import { holdHeapGrowth } from '@ask-analyst/mcp-server';
import { runBenchChild, serveBench } from './child-side.js';
import { mintDemoToken } from './demo-token.js';

runBenchChild(async () => {
  holdHeapGrowth();
  const stack = await startStack(process.env, (line) => console.error(line));
  const resource = `${stack.mcpUrl}/mcp`;
  serveBench({
    url: resource,
    // A graceful close, as on SIGTERM: in-flight requests finish, buffered telemetry is written.
    close: () => stack.close(),
    token: () =>
      mintDemoToken(stack.db, { issuer: stack.authUrl, resource, email: 'ada@acme.test' }),
  });
});
