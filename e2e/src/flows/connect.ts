import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { Browser } from 'playwright-core';
import { TestOAuthClient } from '../fixtures/oauth-client.js';
import type { RedirectReceiver } from '../fixtures/redirect-receiver.js';
import { signInInBrowser, type SignInOptions } from './sign-in.js';

export interface Connection {
  client: Client;
  /** The connected client's transport (`finishAuth` after a later sign-in goes through it). */
  transport: StreamableHTTPClientTransport;
  oauth: TestOAuthClient;
  callback: URLSearchParams;
}

/**
 * Runs the interactive flow with the v2 client and returns the connected client, or throws with
 * the authorization error the browser was redirected with (e.g. `access_denied`).
 */
export async function connectAs(
  mcpUrl: string,
  browser: Browser,
  receiver: RedirectReceiver,
  signIn: SignInOptions,
  oauth = new TestOAuthClient({ redirectUrl: receiver.url, clientId: 'analyst-code-editor' }),
): Promise<Connection> {
  const serverUrl = new URL(`${mcpUrl}/mcp`);
  const transport = new StreamableHTTPClientTransport(serverUrl, { authProvider: oauth });
  try {
    await new Client({ name: 'e2e', version: '1.0.0' }).connect(transport);
    throw new Error('expected the first connection to ask for authorization');
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) throw error;
  }
  const callback = await signInInBrowser(browser, oauth.authorizationUrl as URL, receiver, signIn);
  const error = callback.get('error');
  if (error) throw new AuthorizationDenied(error, callback.get('error_description') ?? '');
  await transport.finishAuth(callback);
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  const connected = new StreamableHTTPClientTransport(serverUrl, { authProvider: oauth });
  await client.connect(connected);
  return { client, transport: connected, oauth, callback };
}

export class AuthorizationDenied extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }
}

/** POSTs a JSON-RPC request to /mcp with a bearer token, as a client would, and returns the raw answer. */
export async function postMcp(mcpUrl: string, token: string, body: unknown): Promise<Response> {
  return fetch(`${mcpUrl}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify(body),
  });
}

export const TOOLS_LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
