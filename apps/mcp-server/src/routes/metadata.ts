import { SCOPES, type ProtectedResourceMetadata } from '@ask-analyst/protocol';
import type { FastifyInstance } from 'fastify';
import type { McpConfig } from '../config.js';

/** The RFC 9728 document of the one protected resource, the MCP endpoint (SPEC section 2). */
export function protectedResourceMetadata(config: McpConfig): ProtectedResourceMetadata {
  return {
    resource: config.resource,
    authorization_servers: [config.authUrl],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Ask Analyst',
  };
}

/**
 * Served identically at the root well-known path (the seed's health check) and at the path-aware
 * one RFC 9728 section 3.1 derives from `${mcp_url}/mcp`; no auth, readable from any origin.
 */
export async function metadataRoutes(
  app: FastifyInstance,
  options: { config: McpConfig },
): Promise<void> {
  const document = protectedResourceMetadata(options.config);
  for (const url of [
    '/.well-known/oauth-protected-resource',
    '/.well-known/oauth-protected-resource/mcp',
  ]) {
    app.get(url, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(document),
    );
  }
}
