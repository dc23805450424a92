/**
 * The SDK floor in its own process: `/mcp` answered by SDK servers built once, behind a bare
 * Fastify route, with none of the product's HTTP layer (see `buildSdkFloorApp`). What a request
 * costs there, no product change can take away while the SDK dispatches it.
 */
import { buildSdkFloorApp } from '@ask-analyst/mcp-server/bench/sdk-floor';
import { runReferenceServer } from './reference-server.js';

runReferenceServer(buildSdkFloorApp, '/mcp');
