import { McpServer, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MODERN_REVISION, exchangeRoute } from '../mcp/exchange-route.js';
import { HttpExchange } from '../mcp/http-exchange.js';
import { connectLongLivedServers, type LongLivedServers } from '../mcp/long-lived-servers.js';

/** The caller every floor request is dispatched as: the floor checks no token. */
const FLOOR_AUTH_INFO = { token: 'floor', clientId: 'sdk-floor', scopes: [] };

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
 * app whose POST /mcp takes the path an ordinary request takes in the product (`exchangeRoute`, an
 * `HttpExchange`, each era's MCP server built once on an `ExchangeMultiplexer`) with nothing around
 * it: no authentication, no security headers, CORS, limits, request ids or shutdown hooks, and one
 * tool that does no work. Only what the long-lived servers answer as JSON is served; anything else
 * gets 400. Measured beside the product's endpoint, it shows how much of a request is the SDK's
 * and Node's, and how much is the product's own.
 */
export async function buildSdkFloorApp(): Promise<FastifyInstance> {
  const servers: LongLivedServers = await connectLongLivedServers(buildFloorServer);
  const app = Fastify({ logger: false });
  app.addHook('onClose', () => servers.close());
  app.post('/mcp', async (request, reply) => {
    const route = exchangeRoute(request.headers, request.body, servers);
    if (!route) return reply.code(400).send({ error: 'not served by the floor' });
    const exchange = new HttpExchange(route.request.id, false);
    servers[route.era].dispatch(route.request, { authInfo: FLOOR_AUTH_INFO }, exchange);
    const outcome = await exchange.outcome;
    if (outcome.kind !== 'json') return reply.code(400).send({ error: outcome.kind });
    return reply.type('application/json').send(JSON.stringify(outcome.message));
  });
  return app;
}
