import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { stripQuery } from '../logging.js';
import type { OriginPolicy } from './origin.js';

const METADATA_PATH = /^\/\.well-known\/oauth-protected-resource(\/mcp)?$/;

/**
 * CORS (SPEC section 2): the metadata documents are readable from any origin; `/mcp` answers
 * preflight only for allowed origins and exposes the headers an MCP client in a browser needs.
 * Every other path sends no CORS headers.
 */
export const corsPlugin = fp<{ origins: OriginPolicy }>(
  async (app: FastifyInstance, { origins }) => {
    const delegator = (
      request: FastifyRequest,
      callback: (error: Error | null, options: FastifyCorsOptions) => void,
    ) => {
      const path = stripQuery(request.url);
      if (METADATA_PATH.test(path)) {
        callback(null, {
          origin: '*',
          methods: ['GET'],
          exposedHeaders: ['x-request-id'],
          maxAge: 86_400,
          strictPreflight: false,
        });
        return;
      }
      const origin = request.headers.origin;
      if (path === '/mcp' && origin !== undefined && origins.allows(origin)) {
        callback(null, {
          origin,
          methods: ['POST'],
          // The request headers are reflected: MCP adds headers per method (Mcp-Method, Mcp-Name,
          // Mcp-Param-*), and Authorization must be named explicitly, which `*` would not do.
          exposedHeaders: [
            'www-authenticate',
            'mcp-protocol-version',
            'x-request-id',
            'retry-after',
          ],
          maxAge: 600,
          strictPreflight: false,
        });
        return;
      }
      callback(null, { origin: false });
    };
    await app.register(cors, { delegator });
  },
  { name: 'cors', fastify: '5.x' },
);
