/**
 * The SDK floor in its own process: `/mcp` answered by the product's own MCP handler and SDK
 * servers built once, with no authentication and no plugins (see `buildSdkFloorApp`). What a
 * request costs there, no product change can take away.
 */
import { buildSdkFloorApp } from '@ask-analyst/mcp-server/bench/sdk-floor';
import { runReferenceServer } from './reference-server.js';

runReferenceServer(buildSdkFloorApp, '/mcp');
