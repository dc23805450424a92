import {
  createDatabaseTelemetry,
  type AnalysisService,
  type UserLimits,
} from '@ask-analyst/service';
import type { Principal, Database, WorksheetEngine } from '@ask-analyst/workspace';
import type { ServerContext } from '@modelcontextprotocol/server';
import Fastify from 'fastify';
import type { McpConfig } from '../config.js';
import type { ToolDefinition } from '../tools/define-tool.js';
import { runTool, type ToolCall, type ToolRuntime } from '../tools/run-tool.js';

/**
 * The tool path of a benchmark: the funnel (limits, validation, permission checks, the handler,
 * output validation, telemetry) as `principal` calls it, without HTTP. Telemetry is batched off
 * the reply path as the server does (`telemetry/plugin.ts`); call `flush()` before closing the
 * database.
 */
export function benchToolPath(deps: {
  db: Database;
  engine: WorksheetEngine;
  config: McpConfig;
  analyses: AnalysisService;
  limits: UserLimits;
  principal: Principal;
  scopes: string[];
}) {
  const now = Date.now;
  const log = Fastify({ logger: false }).log;
  const batcher = createDatabaseTelemetry(deps.db, log);
  const runtime: ToolRuntime = {
    db: deps.db,
    engine: deps.engine,
    config: deps.config,
    now,
    log,
    telemetry: batcher.sink,
    limits: deps.limits,
    analyses: deps.analyses,
  };
  const call: ToolCall = {
    requestId: 'req_bench',
    caller: {
      principal: deps.principal,
      authInfo: { token: 'bench', clientId: 'bench', scopes: deps.scopes },
    },
  };
  const mcp = {
    mcpReq: {
      id: 1,
      method: 'tools/call',
      signal: new AbortController().signal,
      notify: async () => undefined,
    },
  } as unknown as ServerContext;
  return Object.assign(
    (tool: ToolDefinition, args: Record<string, unknown>) =>
      runTool(tool, args, call, runtime, mcp),
    { flush: () => batcher.close() },
  );
}
