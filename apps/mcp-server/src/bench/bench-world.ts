import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  findPrincipal,
  migrate,
  openDatabase,
  seedDemoWorkspace,
  WorksheetEngine,
  type Database,
} from '@ask-analyst/workspace';
import { formatMs as ms, timed } from '@ask-analyst/workspace/testing';
import Fastify from 'fastify';
import {
  createAnalysisService,
  inProcessUserLimits,
  type AnalysisService,
} from '@ask-analyst/service';
import { analysisSettings, perMinuteLimits } from '../analysis-settings.js';
import { loadMcpConfig, type McpConfig } from '../config.js';
import { benchToolPath } from './tool-path.js';

/** What a benchmark of the tool path works on: the demo workspace, and Ada calling tools. */
export interface BenchWorld {
  db: Database;
  engine: WorksheetEngine;
  config: McpConfig;
  /** Not started: a benchmark of Ask Analyst starts it. */
  analyses: AnalysisService;
  /** The 3M-row Flights worksheet of the Flight Operations workbook. */
  flights: { workbookId: string; worksheetId: string; dataPath: string };
  /** Ada's tool path (see `benchToolPath`). */
  callTool: ReturnType<typeof benchToolPath>;
  /** Writes pending telemetry, stops everything and removes the data folder. */
  close(): Promise<void>;
}

/**
 * Seeds the demo workspace into an in-memory database and a temporary data folder (printing how
 * long it took) and gives Ada's tool path with `scopes`, under the configuration `env`.
 */
export async function openBenchWorld(
  env: NodeJS.ProcessEnv,
  scopes: string[],
): Promise<BenchWorld> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ask-analyst-bench-'));
  const db = await openDatabase({});
  const engine = await WorksheetEngine.open({
    dataDir,
    cursorSecret: randomBytes(32).toString('hex'),
  });
  const config = loadMcpConfig(env);
  const limits = inProcessUserLimits({ perMinute: perMinuteLimits(config), now: Date.now });
  const analyses = createAnalysisService({
    db,
    engine,
    settings: analysisSettings(config),
    limits,
    log: Fastify({ logger: false }).log,
  });
  const close = async () => {
    await analyses.close();
    await engine.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await migrate(db);
    const seed = await timed(() => seedDemoWorkspace(db, engine));
    console.log(`seed the demo workspace: ${ms(seed.ms)}`);
    const { rows } = await db.query<{
      user: string;
      workbook: string;
      worksheet: string;
      path: string;
    }>(
      `select u.id as user, wb.id as workbook, s.id as worksheet, s.data_path as path
       from users u, workbooks wb join worksheets s on s.workbook_id = wb.id
       where u.email = 'ada@acme.test' and wb.name = 'Flight Operations' and s.name = 'Flights'`,
    );
    const row = rows[0];
    const principal = await findPrincipal(db, row?.user ?? '');
    if (!principal || !row) throw new Error('the demo workspace has no Flights for Ada');
    const callTool = benchToolPath({
      db,
      engine,
      config,
      analyses,
      limits,
      principal,
      scopes,
    });
    return {
      db,
      engine,
      config,
      analyses,
      flights: { workbookId: row.workbook, worksheetId: row.worksheet, dataPath: row.path },
      callTool,
      async close() {
        await callTool.flush();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}
