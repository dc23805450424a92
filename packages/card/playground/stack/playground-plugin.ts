import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { cspOf } from '../../test-host/csp.js';
import { StackSession } from './stack-session.js';

/** The nonce the dev server gives the scripts and styles Vite writes inline (dev only). */
export const DEV_NONCE = 'card-playground-dev';

/** The page the card is framed from in the playground (the card's own entry). */
const CARD_PAGE = /^\/(index\.html)?(\?|$)/;

/**
 * The playground's dev-server side:
 *
 * - The card's page is served under the policy a host derives from the card's declared
 *   `_meta.ui.csp` (SPEC section 5), the dev server standing for the CDN, plus two named dev
 *   allowances: a nonce for Vite's inline scripts and styles, and hot reload's websocket. A font,
 *   image, script or request from anywhere else is refused here as it would be in a host.
 * - With `stack` (an MCP origin, `dev --stack`), `/stack/*` signs the designer in to the running
 *   stack through its real sign-in page and forwards the card's tool calls to it.
 */
export function playgroundPlugin(options: { stack?: string | undefined } = {}): Plugin {
  let session: StackSession | null = null;
  return {
    name: 'ask-analyst-card-playground',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = request.url ?? '/';
        const host = request.headers.host ?? 'localhost';
        if (CARD_PAGE.test(url)) {
          response.setHeader(
            'Content-Security-Policy',
            cspOf(
              { resourceDomains: [`http://${host}`], connectDomains: [] },
              { nonce: DEV_NONCE, connect: [`ws://${host}`] },
            ),
          );
        }
        if (!url.startsWith('/stack/')) return next();
        void stackRoute(request, response, url, host).catch((error: unknown) => {
          json(response, 502, { error: (error as Error).message });
        });
      });
    },
  };

  async function stackRoute(
    request: IncomingMessage,
    response: ServerResponse,
    url: string,
    host: string,
  ): Promise<void> {
    const path = new URL(url, `http://${host}`);
    if (path.pathname === '/stack/status') {
      return json(response, 200, {
        stack: options.stack ?? null,
        signedIn: session?.signedIn ?? false,
      });
    }
    if (!options.stack) return json(response, 404, { error: 'start the playground with --stack' });
    if (path.pathname === '/stack/sign-in') {
      // The pre-registered code-editor client may come back to any loopback port and path.
      session = new StackSession(options.stack, `http://${host}/stack/callback`);
      const authorize = await session.authorizationUrl();
      response.writeHead(302, { location: authorize.href }).end();
      return;
    }
    if (path.pathname === '/stack/callback') {
      if (!session) return json(response, 400, { error: 'no sign-in was started' });
      await session.finish(path.searchParams);
      response.writeHead(302, { location: '/playground/?stack=1' }).end();
      return;
    }
    if (path.pathname === '/stack/call' && request.method === 'POST') {
      if (!session?.signedIn) return json(response, 401, { error: 'sign in to the stack first' });
      const body = JSON.parse(await read(request)) as {
        name: string;
        arguments?: Record<string, unknown>;
      };
      return json(response, 200, await session.callTool(body.name, body.arguments ?? {}));
    }
    json(response, 404, { error: 'no such playground route' });
  }
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
