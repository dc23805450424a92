import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import type { JsonValue } from '@modelcontextprotocol/ext-tasks/core';
import {
  createTaskSessionFromClient,
  type JsonRpcResponse,
  type RawClientDispatch,
  type TaskEnabledSession,
} from '@modelcontextprotocol/ext-tasks/client';

const MODERN_REVISION = '2026-07-28';

/** An HTTP refusal of a task request (a 403 scope challenge, say), with its status and challenge. */
export class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly challenge: string | null,
    readonly body: string,
  ) {
    super(`HTTP ${status}: ${body}`);
  }
}

let nextId = 1;

/**
 * The host's raw request path the reference requester needs for 2026-07-28 task traffic (the SDK
 * client's codecs do not carry it): one POST /mcp per request with the standard headers and the
 * bearer token, answering the JSON-RPC result or error. `target` is read per request, so a test
 * may point it at a restarted server or another replica.
 */
export function rawDispatch(target: () => { mcpUrl: string; token: string }): RawClientDispatch {
  return async (request, options) => {
    const message = request as { method: string; params?: { name?: unknown }; id?: unknown };
    const { mcpUrl, token } = target();
    const name = message.method === 'tools/call' ? message.params?.name : undefined;
    const response = await fetch(`${mcpUrl}/mcp`, {
      method: 'POST',
      headers: {
        ...options?.context?.headers,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MODERN_REVISION,
        'mcp-method': message.method,
        ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: message.id ?? `e2e-${nextId++}`, ...message }),
      ...(options?.signal ? { signal: options.signal } : {}),
    });
    const text = await response.text();
    if (response.status !== 200) {
      throw new HttpRefusal(response.status, response.headers.get('www-authenticate'), text);
    }
    return jsonRpcAnswer(text, response.headers.get('content-type') ?? '');
  };
}

/** The result or error of a JSON or event-stream answer. */
function jsonRpcAnswer(text: string, contentType: string): JsonRpcResponse {
  const messages = contentType.startsWith('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as Record<string, JsonValue>)
    : [JSON.parse(text) as Record<string, JsonValue>];
  const answer = messages.find((m) => 'result' in m || 'error' in m);
  if (!answer) throw new Error(`no JSON-RPC answer in ${text}`);
  if ('error' in answer) {
    return {
      kind: 'error',
      error: answer.error as Extract<JsonRpcResponse, { kind: 'error' }>['error'],
    };
  }
  return { kind: 'result', result: answer.result as JsonValue };
}

/** A task-enabled session and the 2026-07-28 client it runs on (one adapter per client). */
export interface TaskSession {
  session: TaskEnabledSession;
  client: Client;
  close(): Promise<void>;
}

/**
 * A task-enabled session of the reference requester (`@modelcontextprotocol/ext-tasks`) over a v2
 * client pinned to 2026-07-28 (the SDK client negotiates 2025-11-25 unless told), signed in with
 * `oauth` (its tokens), with the raw request path it needs for the tasks extension. Task requests
 * go where `target` says.
 */
export async function openTaskSession(
  mcpUrl: string,
  oauth: OAuthClientProvider,
  target: () => { mcpUrl: string; token: string },
  endpointId = 'ask-analyst-e2e',
): Promise<TaskSession> {
  const client = new Client(
    { name: 'e2e-tasks', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: MODERN_REVISION } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${mcpUrl}/mcp`), { authProvider: oauth }),
  );
  const session = createTaskSessionFromClient(client, {
    endpointId,
    rawDispatch: rawDispatch(target),
    v2RequestFraming: {
      protocolVersion: MODERN_REVISION,
      clientInfo: { name: 'e2e-tasks', version: '1.0.0' },
      clientCapabilities: {},
    },
  });
  return {
    session,
    client,
    async close() {
      await session.close();
      await client.close();
    },
  };
}
