/**
 * The system under test, in its own process: the dev stack as `npm start` composes it (dev-auth,
 * mcp-server, CDN, admin interface, one database, the demo workspace), configured by the bench
 * through its environment. Mints demo tokens on request and reports its memory and CPU time.
 */
import { startStack } from '@ask-analyst/dev-stack';
import { mintDemoToken } from './demo-token.js';
import { usageAnswer, type ChildMessage, type ParentMessage } from './messages.js';

const send = (message: ChildMessage) => process.send?.(message);

async function main(): Promise<void> {
  const stack = await startStack(process.env, (line) => console.error(line));
  const resource = `${stack.mcpUrl}/mcp`;
  // The bench gone (it exited without stopping the stack): close it, as on SIGTERM, and exit.
  process.on('disconnect', () => void stack.close().then(() => process.exit(1)));
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'usage') send(usageAnswer());
    if (message.type === 'token') {
      mintDemoToken(stack.db, { issuer: stack.authUrl, resource, email: 'ada@acme.test' }).then(
        (token) => send({ type: 'token', token }),
        (error: unknown) => send({ type: 'failed', message: String(error) }),
      );
    }
    if (message.type === 'stop') {
      // A graceful close, as on SIGTERM: in-flight requests finish, buffered telemetry is written.
      void stack.close().then(() => process.exit(0));
    }
  });
  send({ type: 'ready', url: resource });
}

main().catch((error: unknown) => {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
