import type { AnalysisOutput, Turn } from '@ask-analyst/protocol';
import {
  CancelTaskRequestV2Schema,
  GetTaskRequestV2Schema,
  hasTaskClientCapabilityV2,
  UpdateTaskRequestV2Schema,
  TASKS_EXTENSION_ID_V2,
  type CancelTaskResultV2,
  type CreateTaskResultV2,
  type DetailedTaskV2,
  type GetTaskResultV2,
  type TaskV2,
} from '@modelcontextprotocol/ext-tasks/core/v2';
import {
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { ToolError } from '../errors.js';
import { callOf } from '../mcp/call-context.js';
import { turnText } from '../tools/analysis-turns.js';
import { toToolError } from '../tools/data-errors.js';
import type { ToolCall, ToolRuntime } from '../tools/run-tool.js';

/** The server capability that advertises the tasks extension (2026-07-28 `extensions`). */
export const TASKS_EXTENSION = { [TASKS_EXTENSION_ID_V2]: {} } as const;

/** The task methods and the scope each needs, as `tools/call` needs its tool's (SPEC section 4). */
export const TASK_METHOD_SCOPES: Readonly<Record<string, string>> = {
  'tasks/get': 'workbooks.read',
  'tasks/cancel': 'analyses.write',
  'tasks/update': 'analyses.write',
};

/** A polling client uses at most this share of its per-user tool-call limit. */
const POLL_SHARE_OF_LIMIT = 4;
const MIN_POLL_INTERVAL_MS = 1_000;
const DAY_MS = 86_400_000;
/** JSON-RPC's implementation-defined server error, for task failures that are not the params'. */
const SERVER_ERROR = -32_000;

/**
 * Whether a tool call opted into the tasks extension: the request's 2026-07-28 envelope declares
 * `io.modelcontextprotocol/tasks` among its client capabilities (the extension's own check).
 */
export function wantsTask(mcp: ServerContext): boolean {
  return hasTaskClientCapabilityV2({ _meta: mcp.mcpReq.envelope ?? {} });
}

/**
 * The suggested interval between `tasks/get` calls: a client that follows it spends at most a
 * quarter of the per-user tool-call limit (120 a minute by default: every 2 s, 30 a minute).
 */
export function pollIntervalMs(runtime: ToolRuntime): number {
  const perMinute = runtime.config.limits.toolCallsPerMinute;
  return Math.max(MIN_POLL_INTERVAL_MS, Math.ceil((60_000 * POLL_SHARE_OF_LIMIT) / perMinute));
}

/** The task a turn is (task id = turn id); it is kept as long as the turn (question retention). */
export function taskOf(turn: Turn, runtime: ToolRuntime): TaskV2 {
  return {
    taskId: turn.id,
    status: taskStatus(turn),
    statusMessage: statusMessage(turn),
    createdAt: turn.createdAt,
    lastUpdatedAt: turn.finishedAt ?? turn.startedAt ?? turn.createdAt,
    ttlMs: runtime.config.retention.questionsDays * DAY_MS,
    pollIntervalMs: pollIntervalMs(runtime),
  };
}

/**
 * The answer of `start_analysis` / `continue_analysis` to a client that opted into tasks. The
 * SDK checks every `tools/call` result as a `CallToolResult` (content, and structured content
 * matching the output schema), so the task also carries the tool's result as the turn stands
 * now: a client that does not read tasks still sees a valid answer (decision 112).
 */
export function createdTask(
  result: CallToolResult,
  output: AnalysisOutput,
  runtime: ToolRuntime,
): CallToolResult & Omit<CreateTaskResultV2, '_meta'> {
  return { ...result, ...taskOf(output.turn, runtime), resultType: 'task' };
}

/** `tasks/get`'s view of a turn: working while queued or running, then the tool's result. */
export function detailedTask(output: AnalysisOutput, runtime: ToolRuntime): DetailedTaskV2 {
  const task = taskOf(output.turn, runtime);
  switch (task.status) {
    case 'completed':
      return {
        ...task,
        status: 'completed',
        // The tool's result as a 2026-07-28 tools/call answers it, `resultType` included.
        result: {
          resultType: 'complete',
          content: [{ type: 'text', text: turnText(output) }],
          structuredContent: output,
        },
      };
    case 'cancelled':
      return { ...task, status: 'cancelled' };
    default:
      return { ...task, status: 'working' };
  }
}

/**
 * A failed turn is a finished tool call whose result says why (as `get_analysis` shows it), so
 * its task is `completed`; `failed` is kept for a request that got no result at all.
 */
function taskStatus(turn: Turn): TaskV2['status'] {
  switch (turn.status) {
    case 'queued':
    case 'running':
      return 'working';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'completed';
  }
}

function statusMessage(turn: Turn): string {
  switch (turn.status) {
    case 'queued':
      return 'Waiting to start';
    case 'running':
      return turn.progress?.message ?? 'Running';
    case 'succeeded':
      return 'Answered';
    case 'failed':
      return `Failed (${turn.error?.code ?? 'internal'}): ${turn.error?.message ?? ''}`.trim();
    default:
      return 'Cancelled';
  }
}

/**
 * Serves `tasks/get`, `tasks/cancel` and `tasks/update` of the tasks extension on a 2026-07-28
 * server, on the SDK's custom-method registration (which it admits for these names there). Each
 * reads the durable turn, so any replica answers; the scope was checked before dispatch. Each
 * counts as one tool call toward the per-user limit.
 */
export function registerTaskHandlers(server: McpServer, runtime: ToolRuntime): void {
  server.server.setRequestHandler(
    'tasks/get',
    { params: GetTaskRequestV2Schema.shape.params },
    async ({ taskId }, ctx): Promise<GetTaskResultV2> => {
      const output = await taskCall(ctx, runtime, (call) =>
        runtime.analyses.task(call.caller.principal, taskId),
      );
      return { ...detailedTask(output, runtime), resultType: 'complete' };
    },
  );
  server.server.setRequestHandler(
    'tasks/cancel',
    { params: CancelTaskRequestV2Schema.shape.params },
    async ({ taskId }, ctx): Promise<CancelTaskResultV2> => {
      await taskCall(ctx, runtime, (call) =>
        runtime.analyses.cancelTask(call.caller.principal, taskId),
      );
      return { resultType: 'complete' };
    },
  );
  // No analysis asks its client for input: a task of the caller's is refused as not awaiting any.
  server.server.setRequestHandler(
    'tasks/update',
    // The SDK lifts `inputResponses` out of the params a handler sees (`ctx.mcpReq.inputResponses`).
    { params: UpdateTaskRequestV2Schema.shape.params.pick({ taskId: true }) },
    async ({ taskId }, ctx): Promise<never> => {
      await taskCall(ctx, runtime, (call) => runtime.analyses.task(call.caller.principal, taskId));
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'This task asks for no input: an analysis never does.',
        { code: 'invalid_argument', message: 'This task asks for no input.', retryable: false },
      );
    },
  );
}

/**
 * Runs a task operation as its caller, counted toward the tool-call limit, for a request that
 * declares the extension. Failures are JSON-RPC
 * errors carrying the tool error shape in `data`: an unknown task id and another user's are the
 * same `-32602` (the extension's answer for an unknown task), word for word; `rate_limited`
 * carries the wait.
 */
async function taskCall(
  ctx: ServerContext,
  runtime: ToolRuntime,
  run: (call: ToolCall) => Promise<AnalysisOutput>,
): Promise<AnalysisOutput> {
  const call = callOf(ctx.http?.authInfo);
  if (!call) throw new ProtocolError(ProtocolErrorCode.InternalError, 'Internal error');
  // The extension's methods are for a request that declares it (SEP-2663): -32021 otherwise.
  if (!wantsTask(ctx)) {
    throw new MissingRequiredClientCapabilityError(
      { requiredCapabilities: { extensions: TASKS_EXTENSION } },
      'Declare the io.modelcontextprotocol/tasks extension in the request to use tasks.',
    );
  }
  try {
    await runtime.limits.take('toolCalls', call.caller.principal.userId);
    return await run(call);
  } catch (error) {
    const mapped = toToolError(error);
    const toolError =
      mapped instanceof ToolError ? mapped : new ToolError('internal', undefined, { cause: error });
    if (toolError.code === 'internal') {
      runtime.log.error({ err: error, requestId: call.requestId }, 'task request failed');
    }
    const rpcCode =
      toolError.code === 'not_found' || toolError.code === 'invalid_argument'
        ? ProtocolErrorCode.InvalidParams
        : toolError.code === 'internal'
          ? ProtocolErrorCode.InternalError
          : SERVER_ERROR;
    throw new ProtocolError(rpcCode, toolError.publicMessage, {
      code: toolError.code,
      message: toolError.publicMessage,
      retryable: toolError.retryable,
      ...(toolError.retryAfterSeconds === undefined
        ? {}
        : { retryAfterSeconds: toolError.retryAfterSeconds }),
    });
  }
}
