import type { McpServer } from '@modelcontextprotocol/server';
import { ExchangeMultiplexer } from './exchange-multiplexer.js';
import { MODERN_REVISION } from './exchange-route.js';
import type { BuildServer } from './server-factory.js';

/**
 * One MCP server per protocol era, built once per process and connected to an exchange
 * multiplexer: every ordinary POST /mcp is served by one of them, with no per-request server,
 * transport or web `Request`/`Response`. A server holds nothing about any caller: each call
 * reads its caller from the `authInfo` its request was dispatched with.
 */
export interface LongLivedServers {
  modern: ExchangeMultiplexer;
  legacy: ExchangeMultiplexer;
  /** Whether a tool's input schema declares `Mcp-Param-*` headers. */
  declaresParamHeaders(toolName: string): boolean;
  /** Closes both servers (their handlers still running are aborted). */
  close(): Promise<void>;
}

export async function connectLongLivedServers(build: BuildServer): Promise<LongLivedServers> {
  const modernServer = build({ modern: true });
  const modern = new ExchangeMultiplexer({ era: 'modern', revision: MODERN_REVISION });
  await modernServer.connect(modern);
  // The binding is the SDK's; if a later SDK stops doing it this way, fail at start, not per call.
  if (modernServer.server.getNegotiatedProtocolVersion() !== MODERN_REVISION) {
    await modernServer.close();
    throw new Error(`The SDK did not bind the long-lived server to ${MODERN_REVISION}`);
  }
  const legacyServer = build();
  const legacy = new ExchangeMultiplexer({ era: 'legacy' });
  await legacyServer.connect(legacy);

  const paramHeaders = new Map<string, boolean>();
  return {
    modern,
    legacy,
    declaresParamHeaders(toolName) {
      const known = paramHeaders.get(toolName);
      if (known !== undefined) return known;
      const schema = modernServer.toolInputSchemaJson(toolName);
      // Unknown names are not remembered: they come from requests, the map stays bounded.
      if (schema === undefined) return false;
      const declares = JSON.stringify(schema).includes('"x-mcp-header"');
      paramHeaders.set(toolName, declares);
      return declares;
    },
    async close() {
      await Promise.all([closeQuietly(modernServer), closeQuietly(legacyServer)]);
    },
  };
}

async function closeQuietly(server: McpServer): Promise<void> {
  await server.close().catch(() => undefined);
}
