import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Analyst } from '@ask-analyst/analyst';
import {
  createConversation,
  createTurn,
  getReadableWorksheet,
  getTurn,
  seedDemoWorkspace,
  WorksheetEngine,
  type Database,
  type TurnClaim,
  type TurnRecord,
} from '@ask-analyst/workspace';
import { openTestDatabase } from '@ask-analyst/workspace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, gatedEngine, type GatedEngine } from '../testing/gated-engine.js';
import { TurnEvents } from './turn-events.js';
import { TurnRunner, type PreparedSource } from './turn-runner.js';
import { toWorksheetSource } from './views.js';

const APP_URL = 'https://app.example.com';
const TEST_CURSOR_SECRET = 'test-cursor-secret-0123456789abcdef';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('TurnRunner: turns begun with room run at once; waiting ones start when room frees up', () => {
  let dataDir: string;
  let db: Database;
  let engine: WorksheetEngine;
  let gate: GatedEngine;
  let runner: TurnRunner;
  let ada: string;
  let workspaceId: string;
  let prepared: PreparedSource;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'turn-runner-'));
    db = await openTestDatabase();
    engine = await WorksheetEngine.open({ dataDir, cursorSecret: TEST_CURSOR_SECRET });
    await seedDemoWorkspace(db, engine);
    gate = gatedEngine(engine);
    const { rows } = await db.query<{ user_id: string; worksheet_id: string }>(
      `select u.id as user_id, s.id as worksheet_id from users u, worksheets s
       join workbooks wb on wb.id = s.workbook_id
       where u.email = 'ada@acme.test' and wb.name = 'Penguins' limit 1`,
    );
    ada = rows[0]!.user_id;
    const worksheet = await getReadableWorksheet(db, { userId: ada }, rows[0]!.worksheet_id, {
      appUrl: APP_URL,
    });
    workspaceId = worksheet!.workspace.id;
    prepared = { source: toWorksheetSource(worksheet!), stated: true };
    // One turn at a time, and a poll too slow to matter: every start below comes from a launch,
    // a wake, or a finishing turn making room.
    runner = new TurnRunner({
      db,
      analyst: new Analyst(gate.engine, { rowLimit: 5_000 }),
      events: new TurnEvents(),
      log: silent,
      appUrl: APP_URL,
      timeLimitMs: 60_000,
      concurrency: 1,
      pollMs: 3_600_000,
    });
    await runner.start();
  });
  afterAll(async () => {
    gate?.release();
    await runner?.stop(0);
    await engine?.close();
    await db?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const newConversation = () =>
    createConversation(db, {
      workspaceId,
      userId: ada,
      title: 'runner test',
      worksheetId: prepared.source.id,
    });
  const ask = (conversationId: string, question: string, claim?: TurnClaim) =>
    createTurn(db, { conversationId, question, claim });
  const begin = (conversationId: string, question: string) =>
    runner.begin(async (claim) => ({ turn: await ask(conversationId, question, claim) }), prepared);
  const finished = async (turn: TurnRecord) => {
    await eventually(async () =>
      ['succeeded', 'failed'].includes((await getTurn(db, turn.id))!.status),
    );
    return (await getTurn(db, turn.id))!;
  };

  it('runs a turn begun with room at once, created claimed, from the source the call prepared', async () => {
    const conversation = await newConversation();
    const { turn } = await begin(conversation.id, 'How many penguins?');
    expect(turn).toMatchObject({ status: 'running', progress: { step: 'understanding' } });
    const done = await finished(turn);
    expect(done.status).toBe('succeeded');
    expect((done.answer as { table: { rows: unknown[][] } }).table.rows).toEqual([[344]]);
  });

  it('queues a turn begun while full; a turn queued then starts when the running one finishes', async () => {
    gate.hold();
    const a = await newConversation();
    const { turn: running } = await begin(a.id, 'Average body mass by species');
    await eventually(() => gate.waiting() === 1);

    const b = await newConversation();
    const { turn: waiting } = await begin(b.id, 'Number of penguins by island');
    expect(waiting.status).toBe('queued');
    // A follow-up of the running conversation, begun while it runs, is queued behind it.
    const { turn: followUp } = await begin(a.id, 'only Biscoe');
    expect(followUp.status).toBe('queued');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await getTurn(db, waiting.id))!.status).toBe('queued');

    gate.release();
    const [one, two, three] = [
      await finished(running),
      await finished(waiting),
      await finished(followUp),
    ];
    expect([one.status, two.status, three.status]).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(Date.parse(two.startedAt!)).toBeGreaterThanOrEqual(Date.parse(one.finishedAt!));
    expect(Date.parse(three.startedAt!)).toBeGreaterThanOrEqual(Date.parse(one.finishedAt!));
  });

  it('answers a queued turn of an organization unenrolled meanwhile (decision 121)', async () => {
    // The beta gates the MCP server, which refuses the organization's calls, not the product:
    // the turn asked while it was enrolled is answered (the web app shows it); before decision
    // 121 the runner found its worksheet unreadable and failed it `not_found`.
    gate.hold();
    const conversation = await newConversation();
    const { turn: running } = await begin(conversation.id, 'How many penguins?');
    await eventually(() => gate.waiting() === 1);
    const { turn: queued } = await begin(conversation.id, 'by species');
    expect(queued.status).toBe('queued');
    const setAcmeEnrolled = (enrolled: boolean) =>
      db.query(`update organizations set enrolled = $1 where name = 'Acme Analytics'`, [enrolled]);
    await setAcmeEnrolled(false);
    try {
      gate.release();
      expect((await finished(running)).status).toBe('succeeded');
      expect((await finished(queued)).status).toBe('succeeded');
    } finally {
      await setAcmeEnrolled(true);
    }
  });

  it('a turn begun behind its conversation gives its place back, and runs after', async () => {
    gate.hold();
    const conversation = await newConversation();
    const { turn: running } = await begin(conversation.id, 'How many penguins?');
    await eventually(() => gate.waiting() === 1);
    gate.release();
    // Whether the runner is still busy or already free, the follow-up runs after the first.
    const { turn: next } = await begin(conversation.id, 'by species');
    const done = await finished(next);
    expect(done.status).toBe('succeeded');
    expect(Date.parse(done.startedAt!)).toBeGreaterThanOrEqual(
      Date.parse((await finished(running)).finishedAt!),
    );
    // The place was freed either way: a turn begun now is created claimed.
    const { turn: again } = await begin((await newConversation()).id, 'How many penguins?');
    expect(again.status).toBe('running');
    expect((await finished(again)).status).toBe('succeeded');
  });

  it('gives its place back when the turn cannot be written', async () => {
    await expect(
      runner.begin(() => Promise.reject(new Error('the database refused'))),
    ).rejects.toThrow('the database refused');
    const { turn } = await begin((await newConversation()).id, 'How many penguins?');
    expect(turn.status).toBe('running');
    expect((await finished(turn)).status).toBe('succeeded');
  });

  it('a turn created claimed while its runner stops is put back in the queue, not left running', async () => {
    const stopping = new TurnRunner({
      db,
      analyst: new Analyst(engine, { rowLimit: 5_000 }),
      events: new TurnEvents(),
      log: silent,
      appUrl: APP_URL,
      timeLimitMs: 60_000,
      pollMs: 3_600_000,
    });
    await stopping.start();
    const conversation = await newConversation();
    let stopped: Promise<void> | undefined;
    const { turn } = await stopping.begin(async (claim) => {
      // The runner stops while the turn is being written, claimed by it.
      stopped = stopping.stop(0);
      return { turn: await ask(conversation.id, 'How many penguins?', claim) };
    }, prepared);
    await stopped;
    expect(turn.status).toBe('running');
    // A stopped runner claims nothing: a turn begun on it now is written queued.
    const other = await newConversation();
    const { turn: later } = await stopping.begin(async (claim) => ({
      turn: await ask(other.id, 'How many penguins?', claim),
    }));
    expect(later.status).toBe('queued');
    // No longer held by the stopped runner's lease: back in the queue (or, if the runner that is
    // still up was looking at that moment, already taken by it).
    const leaseOf = async () =>
      (
        await db.query<{ status: string; lease_owner: string | null }>(
          'select status, lease_owner from turns where id = $1',
          [turn.id],
        )
      ).rows[0]!;
    await eventually(async () => (await leaseOf()).lease_owner !== stopping.owner);
    runner.wake();
    expect((await finished(turn)).status).toBe('succeeded');
    expect((await finished(later)).status).toBe('succeeded');
  });
});
