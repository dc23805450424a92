import { McpServer, type McpServerFactory } from '@modelcontextprotocol/server';
import { registerCardResource, type CardResource } from '../card/card-resource.js';
import { ToolError } from '../errors.js';
import { advertisedSchema } from '../tools/advertised-schema.js';
import type { ToolDefinition } from '../tools/define-tool.js';
import { runTool, toolErrorResult, type ToolRuntime } from '../tools/run-tool.js';
import { VERSION } from '../version.js';
import { callOf } from './call-context.js';
import { INSTRUCTIONS } from './instructions.js';

/**
 * The per-request server factory: a fresh `McpServer` for each HTTP request (stateless, any
 * replica answers anything), every tool registered through the funnel with the caller of that
 * request. The same factory serves both protocol revisions.
 */
export function createServerFactory(
  registry: readonly ToolDefinition[],
  runtime: ToolRuntime,
  card?: CardResource,
): McpServerFactory {
  return ({ authInfo }) => {
    const call = callOf(authInfo);
    const server = new McpServer(
      { name: 'ask-analyst', title: 'Ask Analyst', version: VERSION },
      { instructions: INSTRUCTIONS, capabilities: { tools: { listChanged: false } } },
    );
    for (const tool of registry) {
      server.registerTool(
        tool.name,
        {
          title: tool.title,
          description: tool.description,
          inputSchema: advertisedSchema(tool.inputSchema),
          outputSchema: tool.outputSchema,
          annotations: { title: tool.title, ...tool.annotations },
          ...(tool._meta ? { _meta: tool._meta } : {}),
        },
        (args, ctx) =>
          call
            ? runTool(tool, args, call, runtime, ctx)
            : toolErrorResult(new ToolError('internal'), 'req_unknown'),
      );
    }
    // The card the Ask Analyst tools link through `_meta.ui.resourceUri` (SPEC section 5).
    if (card) registerCardResource(server, card);
    return server;
  };
}
