import { ToolErrorSchema, type ToolErrorContent } from '@ask-analyst/protocol';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { mcpHeaders } from './app.js';

let nextId = 1;

/** POST /mcp of one `tools/call`, as a client would send it. */
export function postToolCall(
  app: FastifyInstance,
  token: string | undefined,
  name: string,
  args: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/mcp',
    headers: mcpHeaders(token),
    payload: {
      jsonrpc: '2.0',
      id: nextId++,
      method: 'tools/call',
      params: { name, arguments: args },
    },
  });
}

/** The JSON-RPC messages of a JSON or SSE answer. */
export function rpcMessages(response: LightMyRequestResponse): Array<Record<string, unknown>> {
  if (String(response.headers['content-type']).startsWith('application/json'))
    return [response.json()];
  return response.body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
}

/** Calls a tool through the MCP endpoint and returns its result (HTTP 200 expected). */
export async function callTool(
  app: FastifyInstance,
  token: string,
  name: string,
  args: unknown,
): Promise<CallToolResult> {
  const response = await postToolCall(app, token, name, args);
  if (response.statusCode !== 200) {
    throw new Error(`tools/call ${name} answered HTTP ${response.statusCode}: ${response.body}`);
  }
  const message = rpcMessages(response).find((m) => 'result' in m || 'error' in m);
  if (!message || !('result' in message)) {
    throw new Error(`tools/call ${name} answered ${JSON.stringify(message)}`);
  }
  return message.result as CallToolResult;
}

/** The successful structuredContent of a result (fails the test on a tool error). */
export function dataOf<T = Record<string, unknown>>(result: CallToolResult): T {
  if (result.isError) throw new Error(`tool error: ${JSON.stringify(result.structuredContent)}`);
  return result.structuredContent as T;
}

/** The tool error of a result (fails the test on success). */
export function errorOf(result: CallToolResult): ToolErrorContent['error'] {
  if (!result.isError) throw new Error('expected a tool error');
  return ToolErrorSchema.parse(result.structuredContent).error;
}
