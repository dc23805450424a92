import { McpServer, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { VerifiedCaller } from '../auth/verify-access-token.js';
import { MODERN_REVISION } from '../mcp/exchange-route.js';
import { createMcpBridge } from '../mcp/handler.js';
import { parseMcpBody } from '../mcp/json-rpc-body.js';
import { connectLongLivedServers } from '../mcp/long-lived-servers.js';
import { createServerFactory } from '../mcp/server-factory.js';

/** The product's default body limit (BODY_LIMIT_BYTES). */
const FLOOR_BODY_LIMIT = 1_048_576;

/** The caller every floor request is served as: the floor checks no token and reads no user. */
const FLOOR_CALLER: VerifiedCaller = {
  authInfo: { token: 'floor', clientId: 'sdk-floor', scopes: [] },
  principal: {
    userId: 'floor',
    email: 'floor@floor.invalid',
    name: 'Floor',
    orgId: 'floor',
    orgName: 'Floor',
    orgEnrolled: true,
    active: true,
    tokensInvalidBefore: null,
  },
};

/** The floor's one tool: arguments and a structured result validated by the SDK, no work. */
export const FLOOR_TOOL = 'floor_echo';

function buildFloorServer(options?: { modern?: boolean }): McpServer {
  const server = new McpServer(
    { name: 'sdk-floor', version: '1.0.0' },
    {
      capabilities: { tools: { listChanged: false } },
      ...(options?.modern
        ? { supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS, MODERN_REVISION] }
        : {}),
    },
  );
  server.registerTool(
    FLOOR_TOOL,
    {
      description: 'Echoes its limit (bench floor).',
      inputSchema: z.object({ limit: z.number().int().min(1).max(100) }),
      outputSchema: z.object({ limit: z.number() }),
    },
    ({ limit }) => ({
      content: [{ type: 'text', text: `limit ${limit}` }],
      structuredContent: { limit },
    }),
  );
  return server;
}

/**
 * The SDK floor of a benchmark: the least `/mcp` can cost while the SDK answers it. A bare Fastify
 * app whose POST /mcp is the product's own MCP handler (`createMcpBridge`: `exchangeRoute`, an
 * `HttpExchange`, each era's MCP server built once on an `ExchangeMultiplexer`, the SDK's HTTP
 * entry for everything else) behind the product's body parser, and nothing else: no
 * authentication, security headers, CORS, limits, request-id or shutdown hooks, and one tool that
 * does no work. Measured beside the product's endpoint, it shows how much of a request is the
 * SDK's and Node's, and how much is the product's own.
 */
export async function buildSdkFloorApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const servers = await connectLongLivedServers(buildFloorServer);
  const bridge = createMcpBridge({
    servers,
    factory: createServerFactory(buildFloorServer),
    endpoint: 'http://127.0.0.1/mcp',
    bodyLimitBytes: FLOOR_BODY_LIMIT,
    log: app.log,
  });
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: FLOOR_BODY_LIMIT },
    parseMcpBody,
  );
  // Exchanges still open when the app closes are ended (a 503 or a closed stream), as in the product.
  app.addHook('preClose', () => bridge.close());
  app.post('/mcp', (request, reply) =>
    bridge.handle(request, reply, { caller: FLOOR_CALLER, requestId: String(request.id) }),
  );
  return app;
}
