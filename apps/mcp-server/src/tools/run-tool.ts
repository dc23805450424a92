import type { AnalysisOutput, ToolErrorContent } from '@ask-analyst/protocol';
import {
  argumentShape,
  declaredPropertyNames,
  type AnalysisService,
  type TelemetrySink,
  type UserLimits,
} from '@ask-analyst/service';
import type { Database, WorksheetEngine } from '@ask-analyst/workspace';
import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { VerifiedCaller } from '../auth/verify-access-token.js';
import type { McpConfig } from '../config.js';
import { ToolError } from '../errors.js';
import { createdTask } from '../tasks/analysis-tasks.js';
import { toToolError } from './data-errors.js';
import type { ToolContext, ToolDefinition } from './define-tool.js';
import { atLineStart, text } from './markdown.js';

/** What the funnel needs from the app, shared by every request. */
export interface ToolRuntime {
  db: Database;
  engine: WorksheetEngine;
  config: McpConfig;
  now: () => number;
  log: FastifyBaseLogger;
  telemetry: TelemetrySink;
  /** Per-user limits (SPEC section 7): tool calls here, analyses in `analyses`. */
  limits: UserLimits;
  analyses: AnalysisService;
}

/** How the call is to be answered. */
export interface ToolCallOptions {
  /** The client opted into the tasks extension on a revision that serves it. */
  task?: boolean;
}

/** The HTTP request a tool call arrived in. */
export interface ToolCall {
  caller: VerifiedCaller;
  requestId: string;
}

const declaredKeys = new WeakMap<ToolDefinition, ReadonlySet<string>>();

function declaredKeysOf(tool: ToolDefinition): ReadonlySet<string> {
  let keys = declaredKeys.get(tool);
  if (!keys) {
    keys = declaredPropertyNames(
      z.toJSONSchema(tool.inputSchema, { io: 'input', unrepresentable: 'any' }),
    );
    declaredKeys.set(tool, keys);
  }
  return keys;
}

/**
 * The one funnel every tool call goes through: per-user call limit, argument validation (failures
 * become `invalid_argument` naming the field), the handler, output validation, the mapping of
 * thrown errors to `isError` results (SPEC section 4) and a telemetry record (shape only).
 */
export async function runTool(
  tool: ToolDefinition,
  rawArgs: unknown,
  call: ToolCall,
  runtime: ToolRuntime,
  mcp: ServerContext,
  options: ToolCallOptions = {},
): Promise<CallToolResult> {
  const asTask = options.task === true && tool.answersWithTask === true;
  const startedAt = runtime.now();
  const { principal, authInfo } = call.caller;
  const log = runtime.log.child({ requestId: call.requestId, tool: tool.name });
  let result: CallToolResult;
  let errorCode: string | null = null;
  try {
    await runtime.limits.take('toolCalls', principal.userId);
    const parsed = tool.inputSchema.safeParse(rawArgs ?? {});
    if (!parsed.success) throw invalidArgument(parsed.error);
    const ctx: ToolContext = {
      principal,
      client: { clientId: authInfo.clientId, scopes: authInfo.scopes },
      requestId: call.requestId,
      db: runtime.db,
      engine: runtime.engine,
      config: runtime.config,
      analyses: runtime.analyses,
      now: runtime.now,
      signal: mcp.mcpReq.signal,
      reportProgress: progressReporter(mcp),
      log,
    };
    // A task answers at once; the client follows the turn with tasks/get.
    const args = asTask ? { ...parsed.data, waitSeconds: 0 } : parsed.data;
    const answer = await tool.handler(args, ctx);
    const output = tool.outputSchema.safeParse(answer.structuredContent);
    if (!output.success) {
      log.error(
        { issues: output.error.issues.map((i) => ({ path: i.path, code: i.code })) },
        'tool output does not match its schema',
      );
      throw new ToolError('internal');
    }
    result = {
      content: [{ type: 'text', text: answer.text }],
      structuredContent: output.data,
    };
    if (asTask) result = createdTask(result, output.data as AnalysisOutput, runtime);
  } catch (error) {
    // Product-core errors a handler did not map itself (the database unavailable, say) keep
    // their code; anything else is a bug, logged and answered `internal`.
    const mapped = toToolError(error);
    const toolError =
      mapped instanceof ToolError ? mapped : new ToolError('internal', undefined, { cause: error });
    if (toolError.code === 'unavailable') log.warn({ err: error }, 'tool unavailable');
    else if (!(error instanceof ToolError)) log.error({ err: error }, 'tool failed');
    errorCode = toolError.code;
    result = toolErrorResult(toolError, call.requestId);
  }
  await runtime
    .telemetry({
      at: new Date(startedAt),
      userId: principal.userId,
      orgId: principal.orgId,
      clientId: authInfo.clientId,
      tool: tool.name,
      outcome: errorCode === null ? 'ok' : 'error',
      errorCode,
      durationMs: runtime.now() - startedAt,
      requestId: call.requestId,
      argumentShape: argumentShape(rawArgs ?? {}, declaredKeysOf(tool)),
    })
    .catch((error: unknown) => log.warn({ err: error }, 'telemetry record failed'));
  return result;
}

/** The `isError` result of a tool error (SPEC section 4). */
export function toolErrorResult(error: ToolError, requestId: string): CallToolResult {
  const content: ToolErrorContent = {
    error: {
      code: error.code,
      message: error.publicMessage,
      retryable: error.retryable,
      requestId,
      ...(error.retryAfterSeconds === undefined
        ? {}
        : { retryAfterSeconds: error.retryAfterSeconds }),
      ...(error.field === undefined ? {} : { field: error.field }),
    },
  };
  return {
    isError: true,
    content: [{ type: 'text', text: atLineStart(text(content.error.message)) }],
    structuredContent: content,
  };
}

/** `invalid_argument` naming the offending field(s), in words a model can act on. */
function invalidArgument(error: z.ZodError): ToolError {
  const problems = error.issues.map((issue) => {
    const field = fieldOf(issue);
    return field === '' ? `arguments: ${issue.message}` : `argument "${field}": ${issue.message}`;
  });
  const first = error.issues[0] ? fieldOf(error.issues[0]) : undefined;
  return new ToolError('invalid_argument', `Invalid ${problems.join('; ')}`, {
    ...(first ? { field: first } : {}),
  });
}

/** The dotted path of the argument an issue is about; an unknown key names itself. */
function fieldOf(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined) path.push(issue.keys[0]);
  return path.join('.');
}

function progressReporter(mcp: ServerContext): ToolContext['reportProgress'] {
  const progressToken = mcp.mcpReq._meta?.progressToken;
  return async ({ progress, total, message }) => {
    if (progressToken === undefined) return;
    await mcp.mcpReq
      .notify({
        method: 'notifications/progress',
        params: { progressToken, progress, total, message },
      })
      .catch(() => undefined);
  };
}
