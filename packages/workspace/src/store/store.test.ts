import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkspaceError } from '../errors.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/database.js';
import { createSmallWorld, type SmallWorld } from '../testing/world.js';
import { createConversation, getConversation } from './conversations.js';
import { findOrganizationByName, getOrganization } from './organizations.js';
import {
  listTelemetry,
  purgeTelemetry,
  recordTelemetry,
  recordTelemetryBatch,
} from './telemetry.js';
import {
  claimNextTurn,
  countUnfinishedTurns,
  createTurn,
  getLatestTurn,
  getTurn,
  listTurns,
  listTurnsByStatus,
  recoverAbandonedTurns,
  renewTurnLease,
  requeueTurn,
  updateLeasedTurn,
  updateTurn,
} from './turns.js';
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

  it("keeps each workbook's worksheet count as worksheets are added, moved and removed", async () => {
    const counts = async () => {
      const { rows } = await db.query<{ name: string; kept: number; counted: string | number }>(
        `select wb.name, wb.worksheet_count as kept,
           (select count(*) from worksheets s where s.workbook_id = wb.id) as counted
         from workbooks wb where wb.name in ('Tally A', 'Tally B') order by wb.name`,
      );
      return rows.map((row) => [row.name, row.kept, Number(row.counted)]);
    };
    const a = await createWorkbook(db, {
      workspaceId: world.operations,
      name: 'Tally A',
      ownerId: world.ada,
    });
    const b = await createWorkbook(db, {
      workspaceId: world.operations,
      name: 'Tally B',
      ownerId: world.ada,
    });
    const sheet = (workbookId: string, name: string) =>
      createWorksheet(db, {
        workbookId,
        name,
        rowCount: 1,
        columns: [{ name: 'x', type: 'number' as const, description: '' }],
        dataPath: `worksheets/${name}.parquet`,
      });
    expect(await counts()).toEqual([
      ['Tally A', 0, 0],
      ['Tally B', 0, 0],
    ]);
    const one = await sheet(a.id, 'one');
    await sheet(a.id, 'two');
    await sheet(b.id, 'three');
    expect(await counts()).toEqual([
      ['Tally A', 2, 2],
      ['Tally B', 1, 1],
    ]);
    await db.query('update worksheets set workbook_id = $1 where id = $2', [b.id, one.id]);
    expect(await counts()).toEqual([
      ['Tally A', 1, 1],
      ['Tally B', 2, 2],
    ]);
    await db.query('delete from worksheets where workbook_id = $1', [b.id]);
    expect(await counts()).toEqual([
      ['Tally A', 1, 1],
      ['Tally B', 0, 0],
    ]);
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
    expect(first).toMatchObject({
      status: 'queued',
      startedAt: null,
      answer: null,
      error: null,
      plan: null,
    });
    const plan = { worksheetId: 'ws_x', measures: [{ column: null, aggregation: 'count' }] };
    const other = await createConversation(db, {
      workspaceId: world.operations,
      userId: world.ada,
      title: 'Planned',
    });
    const planned = await createTurn(db, { conversationId: other.id, question: 'How many?', plan });
    expect((await getTurn(db, planned.id))?.plan).toEqual(plan);
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

  it('leases turns: one at a time per conversation, in order, only the owner finishes, none left running', async () => {
    await db.query(`update turns set status = 'cancelled' where status in ('queued', 'running')`);
    const make = (title: string) =>
      createConversation(db, { workspaceId: world.operations, userId: world.ada, title });
    const a = await make('A');
    const b = await make('B');
    const a0 = await createTurn(db, { conversationId: a.id, question: 'a0' });
    const a1 = await createTurn(db, { conversationId: a.id, question: 'a1' });
    const b0 = await createTurn(db, { conversationId: b.id, question: 'b0' });
    // Turns created within one clock tick tie on created_at (then their random ids decide): b0 is
    // made plainly later so the order across conversations below is the creation order.
    await db.query(`update turns set created_at = created_at + interval '1 second' where id = $1`, [
      b0.id,
    ]);
    expect(await countUnfinishedTurns(db, world.ada)).toBe(3);

    const first = await claimNextTurn(db, 'runner_1', 30);
    const second = await claimNextTurn(db, 'runner_2', 30);
    expect([first?.id, second?.id]).toEqual([a0.id, b0.id]);
    expect(first).toMatchObject({
      status: 'running',
      startedAt: expect.stringMatching(ISO) as unknown,
    });
    // a1 waits while a0 of the same conversation runs.
    expect(await claimNextTurn(db, 'runner_2', 30)).toBeNull();

    expect(await renewTurnLease(db, a0.id, 'runner_1', 30)).toBe(true);
    expect(await renewTurnLease(db, a0.id, 'runner_2', 30)).toBe(false);
    expect(await updateLeasedTurn(db, a0.id, 'runner_2', { status: 'succeeded' })).toBeNull();
    const done = await updateLeasedTurn(db, a0.id, 'runner_1', {
      status: 'succeeded',
      answer: { summary: 'ok' },
      finishedAt: new Date(),
    });
    expect(done).toMatchObject({ status: 'succeeded', answer: { summary: 'ok' } });
    expect(await renewTurnLease(db, a0.id, 'runner_1', 30)).toBe(false);
    expect((await claimNextTurn(db, 'runner_1', 30))?.id).toBe(a1.id);

    // A graceful stop puts a turn back; a dead runner's turn is re-queued, then failed.
    expect(await requeueTurn(db, a1.id, 'runner_1')).toBe(true);
    expect((await getTurn(db, a1.id))?.status).toBe('queued');
    await db.query(
      `update turns set lease_expires_at = now() - interval '1 second' where id = $1`,
      [b0.id],
    );
    expect(await recoverAbandonedTurns(db, 2)).toEqual({ requeued: 1, failed: 0 });
    const again = await claimNextTurn(db, 'runner_3', 30);
    expect(again?.id).toBe(a1.id);
    const b0again = await claimNextTurn(db, 'runner_3', 30);
    expect(b0again?.id).toBe(b0.id);
    await db.query(
      `update turns set lease_expires_at = now() - interval '1 second' where id = $1`,
      [b0.id],
    );
    expect(await recoverAbandonedTurns(db, 2)).toEqual({ requeued: 0, failed: 1 });
    expect(await getTurn(db, b0.id)).toMatchObject({
      status: 'failed',
      error: { code: 'interrupted' },
    });
    expect(await recoverAbandonedTurns(db, 2, 'runner_3')).toEqual({ requeued: 1, failed: 0 });
    expect(await listTurnsByStatus(db, ['running'])).toEqual([]);
  });

  it('claims a turn as it is created only while its conversation has nothing queued or running', async () => {
    await db.query(`update turns set status = 'cancelled' where status in ('queued', 'running')`);
    const conversation = await createConversation(db, {
      workspaceId: world.operations,
      userId: world.ada,
      title: 'claimed at creation',
    });
    expect(conversation.turnCount).toBe(0);
    const claim = {
      owner: 'runner_1',
      leaseSeconds: 30,
      progress: { step: 'understanding', message: 'Reading the question' },
    };
    const first = await createTurn(db, { conversationId: conversation.id, question: 'q0', claim });
    expect(first).toMatchObject({
      index: 0,
      status: 'running',
      startedAt: expect.stringMatching(ISO) as unknown,
      progress: claim.progress,
    });
    // It is leased like a claimed turn: renewable by its owner only, finished by its owner only.
    expect(await renewTurnLease(db, first.id, 'runner_2', 30)).toBe(false);
    expect(await renewTurnLease(db, first.id, 'runner_1', 30)).toBe(true);

    const second = await createTurn(db, { conversationId: conversation.id, question: 'q1', claim });
    expect(second).toMatchObject({ index: 1, status: 'queued', startedAt: null, progress: null });
    expect(await claimNextTurn(db, 'runner_2', 30)).toBeNull();

    await updateLeasedTurn(db, first.id, 'runner_1', {
      status: 'succeeded',
      finishedAt: new Date(),
    });
    // Still queued behind q1: a third question waits too.
    const third = await createTurn(db, { conversationId: conversation.id, question: 'q2', claim });
    expect(third.status).toBe('queued');
    expect((await claimNextTurn(db, 'runner_2', 30))?.id).toBe(second.id);

    // A claimed turn left by a dead owner is recovered like any other (its first attempt counted).
    await db.query(
      `update turns set lease_expires_at = now() - interval '1 second' where id = $1`,
      [second.id],
    );
    await db.query(`update turns set status = 'cancelled' where id = $1`, [third.id]);
    const fourth = await createTurn(db, { conversationId: conversation.id, question: 'q3', claim });
    expect(fourth.status).toBe('queued');
    const lone = await createConversation(db, {
      workspaceId: world.operations,
      userId: world.ada,
      title: 'lone',
    });
    const orphan = await createTurn(db, { conversationId: lone.id, question: 'x', claim });
    await db.query(
      `update turns set lease_expires_at = now() - interval '1 second' where id = $1`,
      [orphan.id],
    );
    expect(await recoverAbandonedTurns(db, 2)).toEqual({ requeued: 2, failed: 0 });
    expect((await getConversation(db, conversation.id))?.turnCount).toBe(4);
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

  it('purges a backlog larger than one batch, batch after batch, and keeps what is recent', async () => {
    const old = new Date(Date.now() - 100 * 86_400_000);
    const event = (i: number, at: Date) => ({
      at,
      userId: null,
      orgId: null,
      clientId: null,
      tool: 'purge_probe',
      outcome: 'ok',
      errorCode: null,
      durationMs: 1,
      requestId: `req_purge${i}`,
      argumentShape: {},
    });
    await recordTelemetryBatch(db, [
      ...Array.from({ length: 23 }, (_, i) => event(i, old)),
      event(99, new Date()),
    ]);
    expect(await purgeTelemetry(db, 90, 5)).toBe(23);
    const left = (await listTelemetry(db)).filter((t) => t.tool === 'purge_probe');
    expect(left.map((t) => t.requestId)).toEqual(['req_purge99']);
    await expect(purgeTelemetry(db, 90, 0)).rejects.toBeInstanceOf(WorkspaceError);
  });

  it('records a batch of telemetry in one statement, each event as given', async () => {
    await recordTelemetryBatch(db, []);
    const at = new Date(Date.now() - 60_000);
    const events = Array.from({ length: 250 }, (_, i) => ({
      at: i === 0 ? undefined : at,
      userId: i % 2 === 0 ? world.ada : null,
      orgId: world.acme,
      clientId: 'analyst-code-editor',
      tool: 'batch_probe',
      outcome: i % 3 === 0 ? 'error' : 'ok',
      errorCode: i % 3 === 0 ? 'not_found' : null,
      durationMs: i + 0.4,
      requestId: `req_batch${i}`,
      argumentShape: { limit: 'number', index: i % 2 === 0 ? 'even' : 'odd' },
    }));
    await recordTelemetryBatch(db, events);
    const stored = (await listTelemetry(db, { limit: 1000 })).filter(
      (t) => t.tool === 'batch_probe',
    );
    expect(stored).toHaveLength(250);
    const byRequest = new Map(stored.map((t) => [t.requestId, t]));
    expect(byRequest.get('req_batch3')).toMatchObject({
      userId: null,
      outcome: 'error',
      errorCode: 'not_found',
      durationMs: 3,
      at: at.toISOString(),
      argumentShape: { limit: 'number', index: 'odd' },
    });
    expect(byRequest.get('req_batch0')?.at).toMatch(ISO);
  });
});
