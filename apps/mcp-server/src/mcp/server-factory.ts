import {
  McpServer,
  SUPPORTED_PROTOCOL_VERSIONS,
  type McpServerFactory,
} from '@modelcontextprotocol/server';
import { ToolError } from '../errors.js';
import { registerTaskHandlers, TASKS_EXTENSION, wantsTask } from '../tasks/analysis-tasks.js';
import { advertisedOutputSchema, advertisedSchema } from '../tools/advertised-schema.js';
import type { ToolDefinition } from '../tools/define-tool.js';
import { runTool, toolErrorResult, type ToolRuntime } from '../tools/run-tool.js';
import { VERSION } from '../version.js';
import { callOf } from './call-context.js';
import { MODERN_REVISION } from './exchange-route.js';
import { INSTRUCTIONS } from './instructions.js';

/** Idle servers kept per protocol era; more are built when more requests run at once. */
const MAX_IDLE_SERVERS = 64;

type Era = 'modern' | 'legacy';

/** Builds one `McpServer` with every tool registered; `modern` for one bound to 2026-07-28. */
export type BuildServer = (options?: { modern?: boolean }) => McpServer;

/**
 * Builds servers with every tool registered and every schema converted once (per builder). Nothing
 * about the caller lives on a server: each tool call reads its caller from the request's
 * `authInfo` (`callOf`), so a server keeps no per-client state between requests (SPEC section 1).
 */
export function createServerBuilder(
  registry: readonly ToolDefinition[],
  runtime: ToolRuntime,
  /** Adds registrations of its own to each server (the conformance fixtures, under their flag). */
  extend?: (server: McpServer) => void,
): BuildServer {
  const tools = registry.map((tool) => ({
    tool,
    config: {
      title: tool.title,
      description: tool.description,
      inputSchema: advertisedSchema(tool.inputSchema),
      outputSchema: advertisedOutputSchema(tool.outputSchema),
      annotations: { title: tool.title, ...tool.annotations },
      ...(tool._meta ? { _meta: tool._meta } : {}),
    },
  }));

  return (options) => {
    // The tasks extension is served on 2026-07-28 only (decision 112).
    const modern = options?.modern === true;
    const server = new McpServer(
      { name: 'ask-analyst', title: 'Ask Analyst', version: VERSION },
      {
        instructions: INSTRUCTIONS,
        capabilities: {
          tools: { listChanged: false },
          ...(modern ? { extensions: TASKS_EXTENSION } : {}),
        },
        // Listing the modern revision lets `connect` bind the instance to it (and answers
        // `server/discover` with it), as `createMcpHandler` does for its per-request servers.
        ...(modern
          ? { supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS, MODERN_REVISION] }
          : {}),
      },
    );
    for (const { tool, config } of tools) {
      server.registerTool(tool.name, config, (args, ctx) => {
        const call = callOf(ctx.http?.authInfo);
        return call
          ? runTool(tool, args, call, runtime, ctx, { task: modern && wantsTask(ctx) })
          : toolErrorResult(new ToolError('internal'), 'req_unknown');
      });
    }
    if (modern) registerTaskHandlers(server, runtime);
    // Resources and other registrations (the Ask Analyst card; conformance fixtures under their flag).
    extend?.(server);
    return server;
  };
}

/**
 * The server factory behind `createMcpHandler`, which now serves only what the long-lived
 * servers leave to it (refusals, notifications, rarer methods; see `exchange-route.ts`). The SDK
 * serves each such HTTP request on an `McpServer` that no other request is using, so servers are
 * built once and lent out: one per request in flight, back to its era's idle pool when the SDK
 * closes it.
 */
export function createServerFactory(build: BuildServer): McpServerFactory {
  const idle: Record<Era, McpServer[]> = { modern: [], legacy: [] };

  return ({ era }) => {
    const pool = idle[era];
    let server = pool.pop();
    while (server && server.server.transport !== undefined) server = pool.pop();
    server ??= build({ modern: era === 'modern' });
    const lent = server;
    let returned = false;
    lent.server.onclose = () => {
      // Back to the pool once the SDK has closed the exchange (its transport is gone).
      if (returned || lent.server.transport !== undefined) return;
      returned = true;
      if (pool.length < MAX_IDLE_SERVERS) pool.push(lent);
    };
    return lent;
  };
}
