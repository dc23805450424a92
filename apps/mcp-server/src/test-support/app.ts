import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WorksheetEngine, type Database } from '@ask-analyst/workspace';
import type { FastifyInstance } from 'fastify';
import { buildMcpApp } from '../app.js';
import { loadMcpConfig, type McpConfig } from '../config.js';
import type { ToolDefinition } from '../tools/define-tool.js';
import { createTestDatabase, PEOPLE } from './database.js';
import { createTestIssuer, ISSUER, MCP_URL, type MintOptions, type TestIssuer } from './issuer.js';

export const START = Date.parse('2026-03-01T12:00:00Z');

/** HMAC key of read cursors in tests. */
export const TEST_CURSOR_SECRET = 'test-cursor-secret-0123456789abcdef';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  engine: WorksheetEngine;
  config: McpConfig;
  issuer: TestIssuer;
  clock: { now: number };
  /** An access token for Ada (or the given subject), valid at the current test clock. */
  token(sub?: string, mint?: MintOptions): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  tools?: readonly ToolDefinition[];
  /** A database (and the engine over its worksheet files) the caller owns and closes. */
  world?: { db: Database; engine: WorksheetEngine };
  shutdownDrainMs?: number;
}

/**
 * The app on an in-memory database (or the given world), a stand-in issuer and a frozen clock.
 * Without a world, the worksheet engine runs over an empty temporary data folder.
 */
export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const clock = { now: START };
  const now = () => clock.now;
  const owned: Array<() => Promise<unknown>> = [];
  let world = options.world;
  if (!world) {
    const { engine, dispose } = await openTestEngine();
    const db = await createTestDatabase();
    owned.push(() => db.close(), dispose);
    world = { db, engine };
  }
  const issuer = await createTestIssuer({ now });
  const config = loadMcpConfig({ MCP_URL, AUTH_URL: ISSUER, ...env });
  const app = await buildMcpApp({
    config,
    db: world.db,
    engine: world.engine,
    now,
    fetch: issuer.fetch,
    ...(options.tools ? { tools: options.tools } : {}),
    ...(options.shutdownDrainMs === undefined ? {} : { shutdownDrainMs: options.shutdownDrainMs }),
  });
  await app.ready();
  return {
    app,
    db: world.db,
    engine: world.engine,
    config,
    issuer,
    clock,
    token: (sub = PEOPLE.ada.id, mint) => issuer.mint(sub, mint),
    async close() {
      await app.close();
      for (const close of owned) await close();
    },
  };
}

/** A worksheet engine over an empty temporary data folder; `dispose` closes and removes both. */
export async function openTestEngine(): Promise<{
  engine: WorksheetEngine;
  dispose: () => Promise<void>;
}> {
  const dataDir = await mkdtemp(join(tmpdir(), 'mcp-test-data-'));
  const engine = await WorksheetEngine.open({ dataDir, cursorSecret: TEST_CURSOR_SECRET });
  return {
    engine,
    async dispose() {
      await engine.close();
      await rm(dataDir, { recursive: true, force: true });
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
