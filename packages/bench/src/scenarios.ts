import { FLOOR_TOOL } from '@ask-analyst/mcp-server/bench/sdk-floor';

/** One kind of request the bench sends, and how to tell its answer is the real one. */
export interface Scenario {
  name: string;
  /** Which server answers: the bare route, the SDK floor, or the product's `/mcp`. */
  target: 'ceiling' | 'floor' | 'mcp';
  /**
   * The floor row this request is read against (its name): the same kind of request served by the
   * SDK with nothing of the product around it. The difference in CPU is the product's own share.
   */
  floor?: string;
  /** Appended to the server's URL (the ceiling's sized route). */
  path?: string;
  /**
   * The row whose answer this bare route matches in size (its name): the bytes that row's check
   * received are asked for in `params.answerBytes`. Left out when that row is not run.
   */
  answerSizeOf?: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** Throws when a single answer is not what a client expects (checked before the load). */
  check(status: number, body: unknown): void;
}

const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';

const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'ask-analyst-bench', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

function headers(revision: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': revision,
    ...extra,
  };
}

function result(status: number, body: unknown): Record<string, unknown> {
  const message = body as { result?: Record<string, unknown>; error?: unknown };
  if (status !== 200 || !message.result) {
    throw new Error(`answered HTTP ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
  return message.result;
}

function listsTools(status: number, body: unknown): void {
  const tools = result(status, body).tools as unknown[] | undefined;
  if (!tools || tools.length === 0) throw new Error('tools/list listed no tools');
}

/** The bare Fastify route every MCP row is compared with (measured next to each of them). */
export const CEILING: Scenario = {
  name: 'bare Fastify route (ceiling)',
  target: 'ceiling',
  headers: { 'content-type': 'application/json' },
  body: { jsonrpc: '2.0', id: 1, method: 'ping' },
  check: (status, body) => void result(status, body),
};

const FLOOR_PING = `ping (${LEGACY}) on the SDK floor (the SDK alone)`;
const FLOOR_TOOL_CALL = `tools/call ${FLOOR_TOOL} limit 5 (${MODERN}) on the SDK floor (the SDK alone)`;

/** The requests measured, in order. */
export const SCENARIOS: Scenario[] = [
  {
    name: `ping (${LEGACY})`,
    target: 'mcp',
    floor: FLOOR_PING,
    headers: headers(LEGACY),
    body: { jsonrpc: '2.0', id: 1, method: 'ping' },
    check: (status, body) => void result(status, body),
  },
  {
    // The same ping on the SDK floor (the SDK alone, none of the product): the least it can cost.
    name: FLOOR_PING,
    target: 'floor',
    headers: headers(LEGACY),
    body: { jsonrpc: '2.0', id: 1, method: 'ping' },
    check: (status, body) => void result(status, body),
  },
  {
    name: `tools/list (${MODERN})`,
    target: 'mcp',
    headers: headers(MODERN, { 'mcp-method': 'tools/list' }),
    body: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta } },
    check: listsTools,
  },
  {
    name: `tools/list (${LEGACY})`,
    target: 'mcp',
    headers: headers(LEGACY),
    body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    check: listsTools,
  },
  {
    // tools/list answers ≈60 KB: the bare route answering as many bytes shows the ceiling for an
    // answer that large (the load generator reads every byte), which the tiny ceiling does not.
    name: `bare Fastify route answering as many bytes as tools/list (${LEGACY})`,
    target: 'ceiling',
    path: '/sized',
    answerSizeOf: `tools/list (${LEGACY})`,
    headers: { 'content-type': 'application/json' },
    body: { jsonrpc: '2.0', id: 1, method: 'ping' },
    check: (status, body) => void result(status, body),
  },
  {
    name: `tools/call list_workbooks limit 5 (${MODERN})`,
    target: 'mcp',
    floor: FLOOR_TOOL_CALL,
    headers: headers(MODERN, { 'mcp-method': 'tools/call', 'mcp-name': 'list_workbooks' }),
    body: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'list_workbooks', arguments: { limit: 5 }, _meta: modernMeta },
    },
    check(status, body) {
      const answer = result(status, body) as {
        isError?: boolean;
        structuredContent?: { workbooks?: unknown[] };
      };
      if (answer.isError) throw new Error(`tool error: ${JSON.stringify(answer)}`);
      if (answer.structuredContent?.workbooks?.length !== 5) {
        throw new Error('list_workbooks did not list 5 workbooks: is the demo workspace seeded?');
      }
    },
  },
  {
    // A tool call that does no work on the SDK floor (the SDK alone): the least a tools/call can cost.
    name: FLOOR_TOOL_CALL,
    target: 'floor',
    headers: headers(MODERN, { 'mcp-method': 'tools/call', 'mcp-name': FLOOR_TOOL }),
    body: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: FLOOR_TOOL, arguments: { limit: 5 }, _meta: modernMeta },
    },
    check(status, body) {
      const answer = result(status, body) as { structuredContent?: { limit?: number } };
      if (answer.structuredContent?.limit !== 5) throw new Error('the floor tool did not echo 5');
    },
  },
];
