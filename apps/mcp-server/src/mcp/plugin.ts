import { SCOPES } from '@ask-analyst/protocol';
import type { FastifyInstance } from 'fastify';
import { bearerAuthPlugin } from '../auth/bearer-plugin.js';
import type { VerifyResult } from '../auth/verify-access-token.js';
import type { McpConfig } from '../config.js';
import { HttpError } from '../errors.js';
import { originGuard, type OriginPolicy } from '../http/origin.js';
import { requireTls } from '../http/transport-security.js';
import { requiredScope } from '../tools/index.js';
import type { ToolDefinition } from '../tools/define-tool.js';
import type { ToolRuntime } from '../tools/run-tool.js';
import { createMcpBridge } from './handler.js';
import { parseMcpBody } from './json-rpc-body.js';
import { scopeGate } from './scope-gate.js';
import { createServerFactory } from './server-factory.js';

export interface McpEndpointOptions {
  config: McpConfig;
  origins: OriginPolicy;
  verify: (token: string) => Promise<VerifyResult>;
  registry: readonly ToolDefinition[];
  runtime: ToolRuntime;
}

/**
 * `/mcp`, in its own encapsulated context: TLS and Origin checks for every method; GET and DELETE
 * (2025 session operations) answered 405 since serving is stateless; POST behind the bearer gate.
 */
export async function mcpEndpoint(
  app: FastifyInstance,
  options: McpEndpointOptions,
): Promise<void> {
  app.addHook('onRequest', requireTls(options.config.requireTls));
  app.addHook('onRequest', originGuard(options.origins));

  // Preflights from allowed origins are answered by the CORS hook before reaching this route.
  app.options('/mcp', async (_request, reply) =>
    reply.code(204).header('allow', 'POST, OPTIONS').send(),
  );
  app.route({
    method: ['GET', 'DELETE', 'PUT', 'PATCH'],
    url: '/mcp',
    handler: async () => {
      throw new HttpError('mcp_method_not_allowed', undefined, {
        headers: { allow: 'POST, OPTIONS' },
      });
    },
  });

  await app.register(authenticatedMcp, options);
}

async function authenticatedMcp(app: FastifyInstance, options: McpEndpointOptions): Promise<void> {
  const { config } = options;
  const bodyLimit = config.limits.bodyLimitBytes;
  const challenge = { resourceMetadataUrl: config.resourceMetadataUrl, scopesSupported: SCOPES };

  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, parseMcpBody);
  // A declared oversize body is refused before the token is even looked at.
  app.addHook('onRequest', async (request) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > bodyLimit) throw new HttpError('mcp_payload_too_large');
  });
  await app.register(bearerAuthPlugin, { verify: options.verify, ...challenge });
  app.addHook(
    'preHandler',
    scopeGate({ ...challenge, requiredScope: (name) => requiredScope(name, options.registry) }),
  );

  const bridge = createMcpBridge({
    factory: createServerFactory(options.registry, options.runtime),
    endpoint: config.resource,
    bodyLimitBytes: bodyLimit,
    log: app.log,
  });
  // preClose, not onClose: onClose runs only after every in-flight request ended, so it could never
  // end a long stream. In-flight requests get the drain window first, then what is left is ended.
  app.addHook('preClose', async () => {
    if (app.hasDecorator('shutdownGate')) await app.shutdownGate.drain();
    await bridge.close();
  });

  app.post('/mcp', async (request, reply) => {
    const caller = request.caller;
    if (!caller) throw new HttpError('mcp_internal_error');
    return bridge.handle(request, reply, { caller, requestId: request.id });
  });
}
