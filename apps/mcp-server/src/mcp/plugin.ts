import { SCOPES } from '@ask-analyst/protocol';
import type { McpServer } from '@modelcontextprotocol/server';
import type { FastifyInstance } from 'fastify';
import { bearerAuthPlugin } from '../auth/bearer-plugin.js';
import type { VerifyToken } from '../auth/verified-token-cache.js';
import type { McpConfig } from '../config.js';
import { HttpError, httpErrorBody } from '../errors.js';
import { originGuard, type OriginPolicy } from '../http/origin.js';
import { requireTls } from '../http/transport-security.js';
import { TASK_METHOD_SCOPES } from '../tasks/analysis-tasks.js';
import { requiredScope } from '../tools/index.js';
import type { ToolDefinition } from '../tools/define-tool.js';
import type { ToolRuntime } from '../tools/run-tool.js';
import { createMcpBridge } from './handler.js';
import { parseMcpBody, type McpBody } from './json-rpc-body.js';
import { MODERN_REVISION } from './exchange-route.js';
import { scopeGate } from './scope-gate.js';
import { connectLongLivedServers } from './long-lived-servers.js';
import { invalidSpecParams } from './spec-params.js';
import { createServerBuilder, createServerFactory } from './server-factory.js';

export interface McpEndpointOptions {
  config: McpConfig;
  origins: OriginPolicy;
  verify: VerifyToken;
  registry: readonly ToolDefinition[];
  runtime: ToolRuntime;
  /** Extra registrations on each server (see `createServerBuilder`). */
  extendServer?: ((server: McpServer) => void) | undefined;
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
  // Refused in onRequest, before any body is parsed: a DELETE with a JSON content type and an
  // empty body is still a 405, not a body error.
  const methodNotAllowed = async () => {
    throw new HttpError('mcp_method_not_allowed', undefined, {
      headers: { allow: 'POST, OPTIONS' },
    });
  };
  app.route({
    method: ['GET', 'DELETE', 'PUT', 'PATCH'],
    url: '/mcp',
    onRequest: methodNotAllowed,
    handler: methodNotAllowed,
  });

  await app.register(authenticatedMcp, options);
}

/** `-32602` for a spec method's malformed params (the SDK would answer `-32603`). */
function specParamsRefusal(
  json: unknown,
  protocolVersion: string | string[] | undefined,
): { rpc: number; message: string } | null {
  const message = invalidSpecParams(json, {
    modern: typeof protocolVersion === 'string' && protocolVersion.trim() === MODERN_REVISION,
  });
  return message === null ? null : { rpc: -32602, message };
}

async function authenticatedMcp(app: FastifyInstance, options: McpEndpointOptions): Promise<void> {
  const { config } = options;
  const bodyLimit = config.limits.bodyLimitBytes;
  const challenge = { resourceMetadataUrl: config.resourceMetadataUrl, scopesSupported: SCOPES };

  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, parseMcpBody);
  // A declared oversize body is refused before the token is even looked at.
  app.addHook('onRequest', (request, _reply, done) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    done(declared > bodyLimit ? new HttpError('mcp_payload_too_large') : undefined);
  });
  await app.register(bearerAuthPlugin, { verify: options.verify, ...challenge });
  // JSON-RPC batches left the protocol in 2025-06-18; neither revision served here has them.
  // A `__proto__` key is refused wherever it appears: parsers downstream drop it or turn it into
  // a prototype, so no schema would ever see it as the unknown argument it is.
  app.addHook('preValidation', (request, reply, done) => {
    const body = request.body as McpBody | undefined;
    if (!body?.isJson) {
      done();
      return;
    }
    const refusal = Array.isArray(body.json)
      ? {
          rpc: -32600,
          message: 'JSON-RPC batches are not supported: send one message per request.',
        }
      : body.hasPrototypeKey
        ? { rpc: -32602, message: 'Invalid params: a "__proto__" key is not allowed.' }
        : specParamsRefusal(body.json, request.headers['mcp-protocol-version']);
    if (!refusal) {
      done();
      return;
    }
    const spec = httpErrorBody('mcp_invalid_request', refusal.message, request.id);
    const id = (body.json as { id?: unknown } | null)?.id;
    // Answered here: `done` is not called, so the request goes no further.
    reply
      .code(400)
      .type('application/json; charset=utf-8')
      .send({
        jsonrpc: '2.0',
        id: typeof id === 'string' || typeof id === 'number' ? id : null,
        ...spec,
        error: { code: refusal.rpc, ...spec.error },
      });
  });
  app.addHook(
    'preHandler',
    scopeGate({
      ...challenge,
      requiredScope: (name) => requiredScope(name, options.registry),
      methodScopes: TASK_METHOD_SCOPES,
    }),
  );

  // One builder for both: every tool's schemas are converted once, whichever server lists them.
  const build = createServerBuilder(options.registry, options.runtime, options.extendServer);
  const servers = await connectLongLivedServers(build);
  const bridge = createMcpBridge({
    servers,
    factory: createServerFactory(build),
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
