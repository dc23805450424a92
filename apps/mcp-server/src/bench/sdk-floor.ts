import {
  McpServer,
  isJSONRPCRequest,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MODERN_REVISION } from '../mcp/exchange-route.js';
import { connectLongLivedServers } from '../mcp/long-lived-servers.js';

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
 * app (its own JSON parser) whose POST /mcp hands the request to one of two MCP servers built once,
 * one per protocol era (chosen by the `MCP-Protocol-Version` header), through the product's
 * `Transport` (`ExchangeMultiplexer`), and sends the SDK's answer as JSON. Nothing else: none of
 * the product's MCP handler (era routing by the SDK's classifier, the exchange, its body parser,
 * event streams, the SDK's HTTP entry for refusals), no authentication, security headers, CORS,
 * limits or hooks, and one tool that does no work. It serves only well-formed requests (what the
 * bench sends): a body that is not a JSON-RPC request gets a 400, the SDK's own refusals come as
 * JSON-RPC errors. Measured beside the product's endpoint, it shows how much of a request is the
 * SDK's and Node's, and how much is the product's own.
 */
export async function buildSdkFloorApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const servers = await connectLongLivedServers(buildFloorServer);
  app.addHook('onClose', () => servers.close());
  app.post('/mcp', (request, reply) => {
    const { body } = request;
    // The SDK's own guard: a server does not answer what is not a request, so it never gets one.
    if (!isJSONRPCRequest(body)) {
      void reply.code(400).send({ error: 'the SDK floor serves JSON-RPC requests only' });
      return;
    }
    const modern = request.headers['mcp-protocol-version'] === MODERN_REVISION;
    (modern ? servers.modern : servers.legacy).dispatch(
      body,
      {},
      {
        notify: () => undefined,
        answer: (message) => void reply.send(message),
      },
    );
  });
  return app;
}
