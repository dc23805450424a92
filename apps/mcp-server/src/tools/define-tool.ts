import type { Scope } from '@ask-analyst/protocol';
import type { AnalysisService } from '@ask-analyst/service';
import type { Database, Principal, WorksheetEngine } from '@ask-analyst/workspace';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { McpConfig } from '../config.js';

/** Annotations every tool declares in full (SPEC section 4); the service never reaches outside. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: false;
  idempotentHint: boolean;
  openWorldHint: false;
}

/** What a tool handler gets besides its parsed arguments. */
export interface ToolContext {
  /** The signed-in user (active, organization enrolled, token not invalidated). */
  principal: Principal;
  /** The OAuth client acting for the user and the scopes it was granted (never the token). */
  client: { clientId: string; scopes: readonly string[] };
  /** `req_<id>` of this HTTP request; tool errors and telemetry carry it. */
  requestId: string;
  db: Database;
  /** Reads and profiles worksheet data (DuckDB); check permissions through the workspace first. */
  engine: WorksheetEngine;
  config: McpConfig;
  /** Ask Analyst as the signed-in user performs it (packages/service). */
  analyses: AnalysisService;
  now: () => number;
  /** Aborted when the client cancels the call or disconnects. */
  signal: AbortSignal;
  /** Sends `notifications/progress` when the request asked for progress; otherwise does nothing. */
  reportProgress: (update: { progress: number; total?: number; message?: string }) => Promise<void>;
  log: FastifyBaseLogger;
}

/** A successful tool answer: data matching `outputSchema` and a short markdown text for the model. */
export interface ToolResult<Output> {
  structuredContent: Output;
  text: string;
}

/**
 * One tool (SPEC section 4). Handlers receive arguments already validated by `inputSchema` and throw
 * `ToolError` for anything a caller should read; the funnel (`runTool`) builds every `isError`
 * result, so a handler never does.
 */
export interface ToolDefinition<
  Input extends z.ZodObject = z.ZodObject,
  Output extends z.ZodObject = z.ZodObject,
> {
  /** `snake_case`, stable within a major version. */
  name: string;
  title: string;
  /** For a model: when to use the tool, what it returns, its limits. */
  description: string;
  /** The OAuth scope a token needs to call it, checked before dispatch (HTTP 403 challenge). */
  scope: Scope;
  inputSchema: Input;
  outputSchema: Output;
  annotations: ToolAnnotations;
  _meta?: Record<string, unknown>;
  /**
   * Set on the tools whose output is `{ conversation, turn }` of a new turn: to a client that opted
   * into the tasks extension (2026-07-28) they answer at once with a task, the turn's id as task
   * id, instead of waiting `waitSeconds` (SPEC section 4, long analyses as MCP Tasks).
   */
  answersWithTask?: true;
  handler(args: z.output<Input>, ctx: ToolContext): Promise<ToolResult<z.input<Output>>>;
}

/** Declares a tool; the identity function that gives its handler typed arguments. */
export function defineTool<Input extends z.ZodObject, Output extends z.ZodObject>(
  definition: ToolDefinition<Input, Output>,
): ToolDefinition<Input, Output> {
  return definition;
}

/** Annotations of a tool that only reads the user's data: safe to call again, changes nothing. */
export const READ_ONLY_ANNOTATIONS: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/**
 * Annotations of a tool that asks Ask Analyst a question: it writes a new turn (not read-only), and
 * the same call twice asks twice (not idempotent); it deletes nothing.
 */
export const ASKS_ANNOTATIONS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};
