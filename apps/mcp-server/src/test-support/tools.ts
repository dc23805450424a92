import {
  createAnalysisService,
  inProcessUserLimits,
  type TelemetrySink,
  type ToolCallRecord,
} from '@ask-analyst/service';
import { findPrincipal, type Database, type WorksheetEngine } from '@ask-analyst/workspace';
import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import type { FastifyBaseLogger } from 'fastify';
import { analysisSettings, perMinuteLimits } from '../analysis-settings.js';
import type { VerifiedCaller } from '../auth/verify-access-token.js';
import { loadMcpConfig } from '../config.js';
import type { ToolDefinition } from '../tools/define-tool.js';
import { runTool, type ToolRuntime } from '../tools/run-tool.js';
import { START } from './app.js';
import { PEOPLE } from './database.js';
import { ISSUER, MCP_URL } from './issuer.js';

export interface ToolHarness {
  runtime: ToolRuntime;
  records: ToolCallRecord[];
  clock: { now: number };
  /** Calls a tool through the funnel as `userId` with the given scopes. */
  call(
    tool: ToolDefinition,
    args: unknown,
    options?: { userId?: string; scopes?: string[]; progressToken?: string },
  ): Promise<CallToolResult>;
  notifications: unknown[];
}

/** The tool funnel without HTTP: a runtime over `db`, telemetry kept in memory. */
export function toolHarness(
  db: Database,
  options: { telemetry?: TelemetrySink; env?: NodeJS.ProcessEnv; engine?: WorksheetEngine } = {},
): ToolHarness {
  const records: ToolCallRecord[] = [];
  const notifications: unknown[] = [];
  const clock = { now: START };
  const now = () => clock.now;
  const config = loadMcpConfig({ MCP_URL, AUTH_URL: ISSUER, ...options.env });
  const engine = options.engine ?? noEngine();
  const limits = inProcessUserLimits({ perMinute: perMinuteLimits(config), now });
  const runtime: ToolRuntime = {
    db,
    engine,
    config,
    now,
    log: silentLogger(),
    telemetry:
      options.telemetry ??
      (async (record) => {
        records.push(record);
      }),
    limits,
    analyses: createAnalysisService({
      db,
      engine,
      settings: analysisSettings(config),
      limits,
      log: silentLogger(),
    }),
  };
  return {
    runtime,
    records,
    clock,
    notifications,
    async call(tool, args, callOptions = {}) {
      const principal = await findPrincipal(db, callOptions.userId ?? PEOPLE.ada.id);
      if (!principal) throw new Error('no such test user');
      const caller: VerifiedCaller = {
        principal,
        authInfo: {
          token: 'test-token',
          clientId: 'analyst-code-editor',
          scopes: callOptions.scopes ?? ['workbooks.read', 'analyses.write'],
        },
      };
      const mcp = {
        mcpReq: {
          id: 1,
          method: 'tools/call',
          signal: new AbortController().signal,
          _meta: callOptions.progressToken
            ? { progressToken: callOptions.progressToken }
            : undefined,
          notify: async (notification: unknown) => {
            notifications.push(notification);
          },
        },
      } as unknown as ServerContext;
      return runTool(tool, args, { caller, requestId: 'req_harness1' }, runtime, mcp);
    },
  };
}

/** Stands in for the worksheet engine where a test needs none: any use fails the test. */
function noEngine(): WorksheetEngine {
  return new Proxy({} as WorksheetEngine, {
    get(_target, property) {
      throw new Error(`this tool harness has no worksheet engine (used ${String(property)})`);
    },
  });
}

/** A logger that drops everything. */
export function silentLogger(): FastifyBaseLogger {
  const noop = () => undefined;
  const logger: FastifyBaseLogger = {
    level: 'silent',
    fatal: noop,
    error: noop,
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => logger,
  };
  return logger;
}
