import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkspaceError } from '../errors.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/database.js';
import { createSmallWorld, type SmallWorld } from '../testing/world.js';
import { createConversation, getConversation } from './conversations.js';
import { findOrganizationByName, getOrganization } from './organizations.js';
import { listTelemetry, purgeTelemetry, recordTelemetry } from './telemetry.js';
import { createTurn, getLatestTurn, listTurns, listTurnsByStatus, updateTurn } from './turns.js';
import { findUserByEmail, getUser } from './users.js';
import { createWorkbook, findWorkbookByName, getWorkbook } from './workbooks.js';
import {
  createWorksheet,
  findWorksheetByName,
  getWorksheet,
  listDataPaths,
  listWorksheets,
} from './worksheets.js';
import { findWorkspacesByName, getWorkspace, listMemberships } from './workspaces.js';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
let db: TestDatabase;
let world: SmallWorld;

beforeAll(async () => {
  db = await openTestDatabase();
  world = await createSmallWorld(db);
});

afterAll(async () => {
  await db?.close();
});

describe(`store (${testDatabaseKind()})`, () => {
  it('maps organizations, users and workspaces to camelCase records', async () => {
    expect(await findOrganizationByName(db, 'Globex')).toEqual({
      id: world.globex,
      name: 'Globex',
      enrolled: false,
      createdAt: expect.stringMatching(ISO) as unknown,
    });
    expect(await getOrganization(db, 'org_missing')).toBeNull();
    expect(await findUserByEmail(db, ' ADA@acme.test ')).toMatchObject({
      id: world.ada,
      orgId: world.acme,
      email: 'ada@acme.test',
      name: 'Ada Lovelace',
      status: 'active',
      tokensInvalidBefore: null,
    });
    expect(await getUser(db, world.ada)).not.toHaveProperty('passwordHash');
    expect(await getWorkspace(db, world.operations)).toMatchObject({
      orgId: world.acme,
      name: 'Operations',
    });
    expect(await findWorkspacesByName(db, 'Operations', world.globex)).toEqual([]);
    expect((await listMemberships(db, world.operations)).map((m) => m.role).sort()).toEqual([
      'admin',
      'analyst',
      'viewer',
    ]);
  });

  it('keeps workbooks and worksheets in order, with row counts as numbers', async () => {
    const workbook = await createWorkbook(db, {
      workspaceId: world.operations,
      name: 'Fleet',
      ownerId: world.ada,
    });
    expect(workbook).toMatchObject({
      description: '',
      ownerId: world.ada,
      updatedAt: expect.stringMatching(ISO) as unknown,
    });
    expect(await findWorkbookByName(db, world.operations, 'Fleet')).toEqual(workbook);
    const columns = [{ name: 'tail', type: 'string' as const, description: 'Tail number' }];
    const first = await createWorksheet(db, {
      workbookId: workbook.id,
      name: 'Aircraft',
      rowCount: 9_007_199_254_740,
      columns,
      dataPath: 'worksheets/ws_a.parquet',
    });
    const second = await createWorksheet(db, {
      workbookId: workbook.id,
      name: 'Crews',
      rowCount: 3,
      columns,
      dataPath: 'worksheets/ws_b.parquet',
    });
    expect(first).toMatchObject({ position: 0, rowCount: 9_007_199_254_740, columns });
    expect(second.position).toBe(1);
    expect(second.id).toMatch(/^ws_/);
    expect(await getWorksheet(db, first.id)).toEqual(first);
    expect(await findWorksheetByName(db, workbook.id, 'Crews')).toEqual(second);
    expect((await listWorksheets(db, workbook.id)).map((s) => s.name)).toEqual([
      'Aircraft',
      'Crews',
    ]);
    expect(await listDataPaths(db)).toEqual(
      new Set(['worksheets/ws_a.parquet', 'worksheets/ws_b.parquet']),
    );
    expect(await getWorkbook(db, 'wb_missing')).toBeNull();
  });

  it('numbers turns per conversation and guards state changes', async () => {
    const conversation = await createConversation(db, {
      workspaceId: world.operations,
      userId: world.ada,
      title: 'Delays',
    });
    expect(conversation).toMatchObject({
      id: expect.stringMatching(/^conv_/) as unknown,
      turnCount: 0,
    });
    const first = await createTurn(db, {
      conversationId: conversation.id,
      question: 'Which airports are late?',
    });
    const second = await createTurn(db, {
      conversationId: conversation.id,
      question: 'Now by month',
    });
    expect([first.index, second.index]).toEqual([0, 1]);
    expect(first).toMatchObject({ status: 'queued', startedAt: null, answer: null, error: null });
    expect((await getConversation(db, conversation.id))?.turnCount).toBe(2);

    const started = new Date();
    const running = await updateTurn(db, first.id, {
      status: 'running',
      startedAt: started,
      progress: { step: 'plan', message: 'Planning' },
    });
    expect(running).toMatchObject({
      status: 'running',
      startedAt: started.toISOString(),
      progress: { step: 'plan', message: 'Planning' },
    });
    expect((await listTurnsByStatus(db, ['running'])).map((t) => t.id)).toEqual([first.id]);
    await updateTurn(db, first.id, { status: 'cancelled', finishedAt: new Date() });
    expect(
      await updateTurn(db, first.id, { status: 'succeeded', answer: { summary: 'late' } }, [
        'running',
      ]),
    ).toBeNull();
    expect((await listTurns(db, conversation.id)).map((t) => t.status)).toEqual([
      'cancelled',
      'queued',
    ]);
    expect((await getLatestTurn(db, conversation.id))?.id).toBe(second.id);
  });

  it('records telemetry and purges what is older than the window', async () => {
    await recordTelemetry(db, {
      at: new Date(Date.now() - 100 * 86_400_000),
      userId: world.ada,
      orgId: world.acme,
      clientId: 'analyst-code-editor',
      tool: 'read_worksheet',
      outcome: 'ok',
      durationMs: 12.4,
      requestId: 'req_old',
      argumentShape: { worksheetId: 'string', filters: [{ column: 'string', op: 'string' }] },
    });
    await recordTelemetry(db, {
      userId: null,
      orgId: null,
      clientId: null,
      tool: 'list_workbooks',
      outcome: 'error',
      errorCode: 'rate_limited',
      durationMs: 1,
      requestId: 'req_new',
      argumentShape: {},
    });
    const [newest, oldest] = await listTelemetry(db);
    expect(newest).toMatchObject({
      requestId: 'req_new',
      errorCode: 'rate_limited',
      at: expect.stringMatching(ISO) as unknown,
    });
    expect(oldest).toMatchObject({
      requestId: 'req_old',
      durationMs: 12,
      argumentShape: { filters: [{ op: 'string' }] },
    });
    expect(await purgeTelemetry(db, 90)).toBe(1);
    expect((await listTelemetry(db)).map((t) => t.requestId)).toEqual(['req_new']);
    await expect(purgeTelemetry(db, 0)).rejects.toBeInstanceOf(WorkspaceError);
  });
});
