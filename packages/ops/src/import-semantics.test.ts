import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedCredentials } from '@ask-analyst/dev-auth/store';
import { getSemanticLayer, type WorksheetEngine } from '@ask-analyst/workspace';
import {
  createSmallWorld,
  openTestDatabase,
  openTestEngine,
  testDatabaseKind,
  type TestDatabase,
} from '@ask-analyst/workspace/testing';
import { startAdminServer, type AdminServer } from './admin-server.js';
import { parseOpsArgs } from './args.js';
import { main } from './cli.js';
import { MAX_SEMANTICS_FILE_BYTES } from './semantics-file.js';

let db: TestDatabase;
let engine: WorksheetEngine;
let dataDir: string;
let disposeEngine: () => Promise<void>;
let admin: AdminServer;
let files: string;

beforeAll(async () => {
  db = await openTestDatabase();
  ({ engine, dataDir, dispose: disposeEngine } = await openTestEngine());
  await createSmallWorld(db);
  files = await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-cli-semantics-'));
  admin = await startAdminServer({ db, engine, dataDir, storedCredentials, importDir: files });
  await writeFile(path.join(files, 'runs.csv'), 'Title,Running Time min\nAlpha,90\nBeta,101\n');
  await writeFile(
    path.join(files, 'layer.json'),
    JSON.stringify({
      columns: [
        { column: 'Title', label: 'Title', synonyms: ['movie', 'film'] },
        { column: 'Running Time min', label: 'Running time', unit: 'min', synonyms: ['runtime'] },
      ],
    }),
  );
  await writeFile(
    path.join(files, 'bad-column.json'),
    JSON.stringify({ columns: [{ column: 'Running Time', label: 'Running time' }] }),
  );
  await writeFile(path.join(files, 'not-json.json'), '{"columns": [');
  await writeFile(path.join(files, 'huge.json'), ' '.repeat(MAX_SEMANTICS_FILE_BYTES + 1));
});

afterAll(async () => {
  await admin?.close();
  await disposeEngine?.();
  await db?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

async function ops(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await main(
    argv,
    { USER: 'carol', DATA_DIR: dataDir, ...env },
    { out: (t) => out.push(t), err: (t) => err.push(t) },
  );
  return { status, out: out.join('\n'), err: err.join('\n') };
}

const importArgs = (worksheet: string, layer: string) => [
  'import',
  path.join(files, 'runs.csv'),
  '--workspace',
  'Operations',
  '--workbook',
  'Films',
  '--worksheet',
  worksheet,
  '--semantics',
  path.join(files, layer),
];

describe(`pnpm ops import --semantics (${testDatabaseKind()})`, () => {
  it('imports the layer beside the data through the running stack', async () => {
    const result = await ops([...importArgs('Runs', 'layer.json'), '--json']);
    expect(result).toMatchObject({ status: 0, err: '' });
    const imported = JSON.parse(result.out) as { worksheet: { id: string } };
    expect(await getSemanticLayer(db, imported.worksheet.id)).toEqual({
      columns: [
        { column: 'Title', label: 'Title', synonyms: ['movie', 'film'] },
        { column: 'Running Time min', label: 'Running time', unit: 'min', synonyms: ['runtime'] },
      ],
    });
  });

  // Direct mode (DATABASE_URL) needs a Postgres server: the embedded database is the stack's own.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'imports the layer directly on Postgres too',
    async () => {
      const result = await ops(importArgs('Runs direct', 'layer.json'), {
        DATABASE_URL: db.url,
        IMPORT_DIR: files,
      });
      expect(result.status).toBe(0);
      expect(result.out).toMatch(/, semantic layer of 2 column\(s\)\)\.$/);
    },
  );

  it('refuses a layer naming a column the file does not have, naming it, and imports nothing', async () => {
    const result = await ops(importArgs('Bad', 'bad-column.json'));
    expect(result).toMatchObject({
      status: 1,
      err: 'Error: Semantic layer refused: column "Running Time": the worksheet has no such column',
    });
    const { rows } = await db.query("select 1 from worksheets where name = 'Bad'");
    expect(rows).toHaveLength(0);
  });

  it('says what is wrong with a missing, oversized or malformed file', async () => {
    for (const [file, why] of [
      ['missing.json', 'no such file'],
      [
        'huge.json',
        `${MAX_SEMANTICS_FILE_BYTES + 1} bytes, over the ${MAX_SEMANTICS_FILE_BYTES} accepted`,
      ],
      ['not-json.json', 'not JSON ('],
    ] as const) {
      const result = await ops(importArgs(`Never ${file}`, file));
      expect(result.status, file).toBe(1);
      expect(result.err, file).toContain(
        `Error: Cannot use the semantic layer file ${JSON.stringify(path.join(files, file))}: ${why}`,
      );
    }
  });

  it('takes --semantics with import only', () => {
    expect(parseOpsArgs(importArgs('X', 'layer.json'))).toMatchObject({
      semanticsFile: path.join(files, 'layer.json'),
    });
    expect(() => parseOpsArgs(['audit', '--semantics', 'layer.json'])).toThrow(
      '--semantics goes with import only',
    );
  });
});
