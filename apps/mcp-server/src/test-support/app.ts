import type { Database } from '@ask-analyst/workspace';
import type { FastifyInstance } from 'fastify';
import { buildMcpApp } from '../app.js';
import { loadMcpConfig, type McpConfig } from '../config.js';
import type { ToolDefinition } from '../tools/define-tool.js';
import { createTestDatabase, PEOPLE } from './database.js';
import { createTestIssuer, ISSUER, MCP_URL, type MintOptions, type TestIssuer } from './issuer.js';

export const START = Date.parse('2026-03-01T12:00:00Z');

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: McpConfig;
  issuer: TestIssuer;
  clock: { now: number };
  /** An access token for Ada (or the given subject), valid at the current test clock. */
  token(sub?: string, mint?: MintOptions): Promise<string>;
  close(): Promise<void>;
}

/** The app on an in-memory database, a stand-in issuer and a frozen clock. */
export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  options: { tools?: readonly ToolDefinition[] } = {},
): Promise<TestApp> {
  const clock = { now: START };
  const now = () => clock.now;
  const db = await createTestDatabase();
  const issuer = await createTestIssuer({ now });
  const config = loadMcpConfig({ MCP_URL, AUTH_URL: ISSUER, ...env });
  const app = await buildMcpApp({ config, db, now, fetch: issuer.fetch, ...options });
  await app.ready();
  return {
    app,
    db,
    config,
    issuer,
    clock,
    token: (sub = PEOPLE.ada.id, mint) => issuer.mint(sub, mint),
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** Headers of a well-formed MCP POST with a bearer token. */
export function mcpHeaders(
  token?: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-11-25',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...extra,
  };
}
