import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoDataFile, WorksheetEngine } from '@ask-analyst/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyst } from '../analyst.js';
import type { WorksheetSource } from '../semantics/worksheet.js';
import { createModelPlanner } from './model-planner.js';
import { deterministicPlanner } from './planner.js';

/**
 * The model-backed planner against a loopback server that speaks the chat completions protocol (no
 * model provider is reachable from this machine): what is sent, how an answer becomes a plan, and
 * the fallback to the deterministic planner whenever the model's answer cannot be used.
 */
describe('model-backed planner', () => {
  let engine: WorksheetEngine;
  let dataDir: string;
  let server: Server;
  let url: string;
  let source: WorksheetSource;
  const received: Array<{ authorization: string | undefined; body: Record<string, unknown> }> = [];
  let reply: (body: Record<string, unknown>) => { status: number; json: unknown } = () => ({
    status: 500,
    json: {},
  });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'analyst-model-'));
    engine = await WorksheetEngine.open({
      dataDir,
      cursorSecret: 'model-planner-test-secret-0123',
    });
    const cars = await engine.ingest(demoDataFile('cars.json'));
    source = {
      id: 'ws_cars',
      name: 'Cars',
      description: 'One row per car model',
      workbook: { id: 'wb_autos', name: 'Automobiles', description: '' },
      dataPath: cars.dataPath,
      rowCount: cars.rowCount,
      columns: cars.columns,
    };
    server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        const body = JSON.parse(text) as Record<string, unknown>;
        received.push({ authorization: request.headers.authorization, body });
        const { status, json } = reply(body);
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify(json));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await engine?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const completion = (content: unknown) => ({
    status: 200,
    json: {
      choices: [
        { message: { content: typeof content === 'string' ? content : JSON.stringify(content) } },
      ],
    },
  });
  const analyst = (fallbacks: string[] = []) =>
    new Analyst(engine, {
      rowLimit: 5000,
      planner: createModelPlanner({
        url,
        model: 'test-model',
        apiKey: 'sk-test',
        timeoutMs: 2000,
        fallback: deterministicPlanner,
        onFallback: (reason) => fallbacks.push(reason),
      }),
    });

  it('sends the columns and the question, and answers with the plan the model wrote', async () => {
    reply = () =>
      completion({
        worksheetId: 'ws_cars',
        measures: [{ column: 'Weight_in_lbs', aggregation: 'max', label: 'Heaviest' }],
        dimensions: [{ column: 'Origin', grain: null, label: 'Origin' }],
        filters: [],
        sort: [{ by: 'measure', index: 0, direction: 'desc' }],
        limit: null,
        calculation: null,
      });
    const outcome = await analyst().analyze({
      question: 'heaviest car by origin',
      source,
      previous: null,
      worksheetStated: true,
    });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.answer.table.rows[0]).toEqual(['USA', 5140]);
    expect(outcome.answer.interpretation.slots).toContainEqual(
      expect.objectContaining({ slot: 'measure', text: 'Heaviest', source: 'stated' }),
    );
    const sent = received[received.length - 1]!;
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.body.model).toBe('test-model');
    const user = (sent.body.messages as Array<{ role: string; content: string }>).find(
      (m) => m.role === 'user',
    );
    expect(JSON.parse(user!.content)).toMatchObject({
      question: 'heaviest car by origin',
      columns: expect.arrayContaining([
        expect.objectContaining({ name: 'Weight_in_lbs', type: 'integer' }),
      ]) as unknown,
    });
  });

  it('stops waiting for the model when the analysis is stopped (cancel, shutdown)', async () => {
    // A model that never answers: only the analysis's signal can end the wait.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const stopped = new AbortController();
      const analysis = new Analyst(engine, {
        rowLimit: 5000,
        planner: createModelPlanner({
          url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`,
          model: 'test-model',
          timeoutMs: 100_000,
          fallback: deterministicPlanner,
        }),
      }).analyze({
        question: 'average horsepower by origin',
        source,
        previous: null,
        worksheetStated: true,
        signal: stopped.signal,
      });
      stopped.abort('shutdown');
      expect(await analysis).toMatchObject({ ok: false, code: 'cancelled' });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('falls back to the deterministic planner on a plan that does not fit, bad JSON, an error or no server', async () => {
    const cases: Array<() => { status: number; json: unknown }> = [
      () =>
        completion({
          worksheetId: 'ws_cars',
          measures: [{ column: 'Price"; DROP TABLE ws; --', aggregation: 'sum', label: 'x' }],
          dimensions: [],
          filters: [],
          sort: [],
          limit: null,
          calculation: null,
        }),
      () => completion('SELECT * FROM ws'),
      () => ({ status: 503, json: { error: 'overloaded' } }),
    ];
    for (const next of cases) {
      reply = next;
      const fallbacks: string[] = [];
      const outcome = await analyst(fallbacks).analyze({
        question: 'How many cars are from Japan?',
        source,
        previous: null,
        worksheetStated: true,
      });
      expect(outcome.ok && outcome.answer.table.rows).toEqual([[79]]);
      expect(fallbacks).toHaveLength(1);
    }
    const unreachable = new Analyst(engine, {
      rowLimit: 5000,
      planner: createModelPlanner({
        url: 'http://127.0.0.1:9/v1',
        model: 'm',
        timeoutMs: 1000,
        fallback: deterministicPlanner,
      }),
    });
    const outcome = await unreachable.analyze({
      question: 'How many cars are from Japan?',
      source,
      previous: null,
      worksheetStated: true,
    });
    expect(outcome.ok && outcome.answer.table.rows).toEqual([[79]]);
  });
});
